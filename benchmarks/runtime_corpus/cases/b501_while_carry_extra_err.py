# "I added the error to my while_loop state and now: body_fun output and input must have identical types"
import jax
import jax.numpy as jnp


def sqrt_newton(a, tol=1e-6):
    def cond(state):
        return state[1] < 20

    def body(state):
        x, i = state
        x_new = 0.5 * (x + a / x)
        return x_new, i + 1, jnp.abs(x_new - x)  # expect: JXP501

    x, _ = jax.lax.while_loop(cond, body, (a, 0))
    return x
