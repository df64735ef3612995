"""A print of a traced value in an Equinox module's __call__.

Reduces levanter-a55a337e-196: a module's `__call__` is traced by contract (the model is
called inside a filter_jit-ed training step), so printing an array there prints a tracer.
"""
import equinox as eqx
import jax.numpy as jnp


class Attention(eqx.Module):
    scale: float

    def __call__(self, q, k):
        out = jnp.einsum("qd,kd->qk", q, k) * self.scale
        print(out)  # JXP104
        return out
