# Seen in google-deepmind/gemma gemma/gm/utils/_dtype_params.py:59 (JXP103). A
# `@contextlib.contextmanager` pushes the parameter dtype on a module-level stack object
# (etils' `ContextStack`, not a list) and pops it in `finally`; the model's `__call__` runs
# its body inside `with initialize_param_with_dtype(self.dtype):`, and the parameter hook
# reads the top of the stack. The push and the pop happen at trace time on purpose, like
# numpyro's handler stack, which the analysis leaves alone when the stack is a list.
# Checked under jax 0.10.2: `python context_manager_scoped_stack_object.py` passes.
import contextlib
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class ContextStack:
    stack: list = dataclasses.field(default_factory=list)

    def append(self, item):
        self.stack.append(item)

    def pop(self):
        return self.stack.pop()


_dtypes_stack = ContextStack()


@contextlib.contextmanager
def param_dtype(dtype):
    try:
        _dtypes_stack.append(dtype)
        yield
    finally:
        _dtypes_stack.pop()


def make_param(shape):
    dtype = _dtypes_stack.stack[-1] if _dtypes_stack.stack else jnp.float32
    return jnp.ones(shape, dtype)


@jax.jit
def forward(x):
    with param_dtype(jnp.bfloat16):
        w = make_param((x.shape[-1], 2))
    return x.astype(jnp.bfloat16) @ w


assert forward(jnp.ones((3, 4))).dtype == jnp.bfloat16
assert not _dtypes_stack.stack
