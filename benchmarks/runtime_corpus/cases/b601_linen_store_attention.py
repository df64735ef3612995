import flax.linen as nn
import jax
import jax.numpy as jnp


class SelfAttention(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.dim)(x)
        k = nn.Dense(self.dim)(x)
        weights = jax.nn.softmax(q @ k.T / jnp.sqrt(self.dim))
        self.attn_weights = weights  # expect: JXP601
        return weights @ x
