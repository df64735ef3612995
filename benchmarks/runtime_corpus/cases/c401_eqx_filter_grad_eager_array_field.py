import equinox as eqx
import jax
import jax.numpy as jnp


class HuberRegressor(eqx.Module):
    w: jax.Array
    delta: jax.Array

    def __init__(self, key, dim, delta=1.0):
        self.w = jax.random.normal(key, (dim,)) * 0.1
        self.delta = jnp.asarray(delta)

    def __call__(self, x):
        if self.delta <= 0:
            raise ValueError(f"delta must be positive, got {self.delta}")
        return x @ self.w


def loss_fn(model, x, y):
    r = model(x) - y
    return jnp.mean(jnp.where(jnp.abs(r) < model.delta, 0.5 * r ** 2, model.delta * (jnp.abs(r) - 0.5 * model.delta)))


def debug_grads(model, x, y):
    # eager, un-jitted gradient check used while developing
    grads = eqx.filter_grad(loss_fn)(model, x, y)
    gnorm = jnp.linalg.norm(grads.w)
    if gnorm > 1e3:
        raise FloatingPointError(f"exploding gradient: {float(gnorm)}")
    return grads
