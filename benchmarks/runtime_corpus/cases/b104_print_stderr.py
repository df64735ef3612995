import sys
import jax
import jax.numpy as jnp


@jax.jit
def check_finite(x):
    ok = jnp.all(jnp.isfinite(x))
    print("finite:", ok, file=sys.stderr)  # expect: JXP104
    return x
