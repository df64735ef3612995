# Seen in netket/netket netket/hilbert/random/homogeneous.py:123 (JXP104 warnings.warn under jit).
# A once-per-compilation performance warning gated by a module-level config flag: the rule
# exempts warnings under such a static test when built from static values. Here the warning
# object receives a traced pytree argument, but its constructor only reads
# `type(arg).__name__`, so the message is complete at trace time and meant once.
import types
import warnings
from functools import partial

import jax
import jax.numpy as jnp

config = types.SimpleNamespace(fallback_warning=True)


class SlowFallbackWarning(UserWarning):
    def __init__(self, space, constraint):
        super().__init__(
            f"slow fallback for {type(space).__name__} with {type(constraint).__name__}")


@partial(jax.jit, static_argnames=("space",))
def sample(space, constraint, key):
    if config.fallback_warning:
        warnings.warn(SlowFallbackWarning(space, constraint))
    return jax.random.uniform(key, (3,)) * constraint["scale"]


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out = sample("fock", {"scale": jnp.float32(2.0)}, jax.random.PRNGKey(0))
    sample("fock", {"scale": jnp.float32(3.0)}, jax.random.PRNGKey(1))
assert out.shape == (3,)
assert len(caught) == 1 and "dict" in str(caught[0].message)  # once, at trace, static text
