# expect: none
import jax
import jax.numpy as jnp


def sqrt_newton(a, tol=1e-6):
    def cond(state):
        _, i, err = state
        return (i < 20) & (err > tol)

    def body(state):
        x, i, _ = state
        x_new = 0.5 * (x + a / x)
        return x_new, i + 1, jnp.abs(x_new - x)

    x, _, _ = jax.lax.while_loop(cond, body, (a, 0, jnp.inf))
    return x
