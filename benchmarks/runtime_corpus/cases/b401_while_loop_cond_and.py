import jax
import jax.numpy as jnp
from jax import lax


def bisect(f_lo, f_hi, lo, hi, tol=1e-4, max_iter=50):
    def cond_fun(state):
        lo, hi, it = state
        return (hi - lo > tol) and (it < max_iter)  # expect: JXP401

    def body_fun(state):
        lo, hi, it = state
        mid = 0.5 * (lo + hi)
        return jnp.where(mid * mid > 2.0, lo, mid), jnp.where(mid * mid > 2.0, mid, hi), it + 1

    return lax.while_loop(cond_fun, body_fun, (lo, hi, 0))
