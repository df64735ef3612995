"""Train step with a NaN guard that skips the update when any gradient is non-finite."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(1e-3)


def grads_finite(grads):
    return not any(jnp.any(~jnp.isfinite(g)) for g in jax.tree.leaves(grads))  # expect: JXP401


def loss_fn(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w"]) - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    if grads_finite(grads):
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    return params, opt_state, loss
