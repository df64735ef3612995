# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def unrolled_solver(A, b):
    x = jnp.zeros_like(b)
    for k in range(3):
        residual = jax.jit(lambda v: b - A @ v)(x)
        x = x + 0.1 * residual * (k + 1)
    return x


def solve_many(A, bs):
    return [unrolled_solver(A, b) for b in bs]
