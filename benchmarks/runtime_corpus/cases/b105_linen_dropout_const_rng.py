import flax.linen as nn
import jax
import jax.numpy as jnp


class Encoder(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(x))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic, rng=jax.random.PRNGKey(0))  # expect: JXP105
        return nn.Dense(4)(h)


model = Encoder()


@jax.jit
def train_forward(params, x, dropout_key):
    return model.apply(params, x, deterministic=False, rngs={"dropout": dropout_key})
