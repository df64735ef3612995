# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def val_loss(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@jax.jit
def update(params, x, y):
    return params - 0.05 * jax.grad(val_loss)(params, x, y)


def fit(params, x, y, max_epochs=50, patience=3, min_delta=1e-4):
    best, bad_epochs = jnp.inf, 0
    for epoch in range(max_epochs):
        params = update(params, x, y)
        loss = val_loss(params, x, y)
        if loss < best - min_delta:
            best, bad_epochs = loss, 0
        else:
            bad_epochs += 1
        if bad_epochs >= patience:
            break
    return params, epoch
