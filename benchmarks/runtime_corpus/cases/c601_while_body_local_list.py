# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def power_iteration(m, v):
    def body(i, carry):
        v, res = carry
        parts = []
        w = m @ v
        w = w / jnp.linalg.norm(w)
        parts.append(jnp.linalg.norm(w - v))
        return w, res.at[i].set(jnp.stack(parts)[0])

    v, residuals = jax.lax.fori_loop(0, 20, body, (v, jnp.zeros(20)))
    return v, residuals
