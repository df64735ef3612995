# expect: none
import jax
import jax.numpy as jnp


def potential(x):
    r = jnp.sqrt(jnp.sum(x ** 2))
    if r < 1.0:
        return 0.5 * r ** 2
    return r - 0.5


curvature = jax.hessian(potential)
jacobian = jax.jacfwd(jax.grad(potential))
