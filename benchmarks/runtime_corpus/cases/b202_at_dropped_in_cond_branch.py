import jax
import jax.numpy as jnp


def _mask_first(x):
    x.at[0].set(0.0)  # expect: JXP202
    return x


def _identity(x):
    return x


@jax.jit
def maybe_mask(x, flag):
    return jax.lax.cond(flag, _mask_first, _identity, x)
