# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyResidualStack(nn.Module):
    depth: int = 3
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        for _ in range(self.depth):
            noise = self.sigma * jax.random.normal(self.make_rng("noise"), x.shape)
            x = x + nn.tanh(nn.Dense(x.shape[-1])(x + noise))
        return x


model = NoisyResidualStack()


@jax.jit
def forward(params, x, key):
    return model.apply(params, x, rngs={"noise": key})
