"""A value read from a Flax variable collection is not known to be a traced array.

Reduces praxis-527b4787-841 and -926 (the value half): `extend_step` reads the decode
state's `time_step` with `self.get_decode_state(...)`, praxis's wrapper of
`self.get_variable(DECODE_CACHE, name)`, and tests `if time_step > 0`. Inside a jitted
`apply` the variable is a tracer; `if ids.sum() > 0` in the same `__call__` is
reported, the test on the variable is not.
"""
import flax.linen as nn
import jax
import jax.numpy as jnp


class Lm(nn.Module):
    def get_decode_state(self, name):
        return self.get_variable("decoder", name)

    def __call__(self, ids):
        time_step = self.get_decode_state("time_step")
        if time_step > 0:  # JXP401
            ids = ids[:, 1:]
        return ids


out = jax.jit(Lm().apply)({"decoder": {"time_step": jnp.array(1)}}, jnp.zeros((2, 3)))
