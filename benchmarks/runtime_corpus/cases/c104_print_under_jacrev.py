# expect: none
import jax
import jax.numpy as jnp


def residuals(theta, xs, ys):
    pred = theta[0] * jnp.exp(-theta[1] * xs)
    r = pred - ys
    print("evaluating residuals of the exponential-decay model")
    return r


def gauss_newton_step(theta, xs, ys):
    J = jax.jacrev(residuals)(theta, xs, ys)
    r = residuals(theta, xs, ys)
    return theta - jnp.linalg.solve(J.T @ J + 1e-6 * jnp.eye(2), J.T @ r)
