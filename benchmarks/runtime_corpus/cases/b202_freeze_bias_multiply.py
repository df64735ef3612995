import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    pred = x @ params["w"] + params["b"]
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    grads["b"].at[:].multiply(0.0)  # expect: JXP202
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
