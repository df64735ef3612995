"""Concretizations and truth tests in an nnx.Module's `__call__` and in a helper it calls.

Reduces maxdiffusion-dce2562d-538 (and -539) and maxdiffusion-ed9e8e6a-44: the
pipeline jits the transformer in another module, so nothing at the class says it is
traced; `float(jnp.mean(kernel))` inside a print and `if jnp.isnan(x).any()` in a helper
the block calls then fail under jit. The same lines are reported when an `nnx.jit` in
the same module calls the module.
"""
import jax.numpy as jnp
from flax import nnx


def check_nan(tensor, name):
    if jnp.isnan(tensor).any():  # JXP401
        print(f"NaNs in {name}")


class Attention(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gate = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x):
        kernel = self.gate.kernel.value
        print(f"gate mean {float(jnp.mean(kernel)):.4f}")  # JXP403
        check_nan(x, "attention input")
        return self.gate(x)
