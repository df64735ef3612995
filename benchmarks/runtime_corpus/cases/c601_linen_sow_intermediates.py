import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.features)(x)
        attn = jax.nn.softmax(h @ h.T / jnp.sqrt(self.features), axis=-1)
        self.sow("intermediates", "attn", attn)
        return attn @ h


model = Block(4)


@jax.jit
def forward_with_attn(params, x):
    y, state = model.apply(params, x, mutable=["intermediates"])
    return y, state["intermediates"]["attn"][0]
