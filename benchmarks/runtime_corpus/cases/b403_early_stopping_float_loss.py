"""Training step that tracks the best validation loss for early stopping."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(1e-3)


def loss_fn(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w1"]) @ params["w2"] - y) ** 2)


@jax.jit
def train_and_validate(params, opt_state, batch, val_batch, best_val):
    loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    val_loss = float(loss_fn(params, *val_batch))  # expect: JXP403
    improved = val_loss < best_val
    return params, opt_state, loss, jnp.minimum(val_loss, best_val), improved


def fit(params, train_batches, val_batch, patience=3):
    opt_state = optimizer.init(params)
    best, waited = jnp.inf, 0
    for batch in train_batches:
        params, opt_state, loss, best, improved = train_and_validate(params, opt_state, batch, val_batch, best)
        waited = 0 if improved else waited + 1
        if waited >= patience:
            break
    return params, best
