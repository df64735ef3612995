import jax
import jax.numpy as jnp


@jax.jit
def robust_mean(x, thresh):
    try:
        kept = x[jnp.abs(x) < thresh]  # expect: JXP402
    except TypeError:
        kept = jnp.where(jnp.abs(x) < thresh, x, 0.0)
    return kept.mean()
