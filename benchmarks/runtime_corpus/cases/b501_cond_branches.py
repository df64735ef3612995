import jax
import jax.numpy as jnp


@jax.jit
def maybe_reset(state, done):
    return jax.lax.cond(
        done,
        lambda s: (jnp.zeros_like(s[0]), jnp.zeros_like(s[1])),
        lambda s: (s[0] + 1, s[1] + 1, s[0]),  # expect: JXP501
        state,
    )
