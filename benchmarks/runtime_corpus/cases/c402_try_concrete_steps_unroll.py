import jax
import jax.numpy as jnp


def euler(f, y, dt, steps):
    try:
        n = int(steps)
    except jax.errors.ConcretizationTypeError:
        return jax.lax.fori_loop(0, steps, lambda i, y: y + dt * f(y), y)
    for _ in range(n):
        y = y + dt * f(y)
    return y


@jax.jit
def decay_traced_steps(y, steps):
    return euler(lambda y: -y, y, 0.1, steps)


def decay_eager(y, steps):
    return euler(lambda y: -y, y, 0.1, steps)
