# expect: none
import jax
import jax.numpy as jnp

CONFIG = {"weight_decay": 1e-4, "log_every": 10}


@jax.jit
def regularized_loss(params, x, y):
    mse = jnp.mean((x @ params - y) ** 2)
    return mse + CONFIG["weight_decay"] * jnp.sum(params ** 2)


def train(params, x, y, steps):
    losses = []
    for step in range(steps):
        if step == 2:
            CONFIG["log_every"] = 1
        loss, g = jax.value_and_grad(regularized_loss)(params, x, y)
        params = params - 0.1 * g
        if step % CONFIG["log_every"] == 0:
            losses.append(float(loss))
    return params, losses
