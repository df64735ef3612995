import jax
import jax.numpy as jnp
import optax

tx = optax.adam(1e-2)


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    if jnp.isnan(loss):  # expect: JXP401
        return params, opt_state, loss
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
