# expect: none
import jax
import jax.numpy as jnp
import optax

tx = optax.inject_hyperparams(optax.sgd)(learning_rate=0.1)


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y, lr):
    grads = jax.grad(loss_fn)(params, x, y)
    opt_state.hyperparams["learning_rate"] = lr
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


def fit(params, x, y, lrs):
    opt_state = tx.init(params)
    for lr in lrs:
        params, opt_state = train_step(params, opt_state, x, y, lr)
    return params, opt_state
