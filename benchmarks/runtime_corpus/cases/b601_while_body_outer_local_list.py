import jax
import jax.numpy as jnp


@jax.jit
def power_iteration(m, v):
    residuals = []

    def body(i, v):
        w = m @ v
        w = w / jnp.linalg.norm(w)
        residuals.append(jnp.linalg.norm(w - v))  # expect: JXP601
        return w

    v = jax.lax.fori_loop(0, 20, body, v)
    return v, jnp.stack(residuals)
