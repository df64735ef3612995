import jax
import jax.numpy as jnp

TOL = 1e-2


def not_converged(state):
    x, dx, it = state
    return (jnp.abs(dx) > TOL) & (it < 100)  # expect: JXP101


def newton_step(state):
    x, _, it = state
    dx = (x * x - 2.0) / (2.0 * x)
    return x - dx, dx, it + 1


def sqrt2(x0):
    x, _, it = jax.lax.while_loop(not_converged, newton_step, (x0, jnp.inf, 0))
    return x, it


def set_tolerance(tol):
    global TOL
    TOL = tol
