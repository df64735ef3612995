import jax
import jax.numpy as jnp

iteration_log = []


@jax.jit
def newton_sqrt(a):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > 1e-4) & (i < 50)

    def body(c):
        x, i = c
        iteration_log.append("step")  # expect: JXP103
        return 0.5 * (x + a / x), i + 1

    x, n = jax.lax.while_loop(cond, body, (a, 0))
    return x, n
