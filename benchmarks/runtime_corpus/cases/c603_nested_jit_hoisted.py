# expect: none
import jax
import jax.numpy as jnp


def model(params, x):
    return x @ params


@jax.jit
def val_loss(params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def train(params, x, y, patience=3):
    best, bad, step = jnp.inf, 0, 0
    while bad < patience and step < 20:
        params = params - 0.1 * jax.grad(lambda p: jnp.mean((model(p, x) - y) ** 2))(params)
        loss = float(val_loss(params, x, y))
        if loss < best - 1e-3:
            best, bad = loss, 0
        else:
            bad += 1
        step += 1
    return params, step
