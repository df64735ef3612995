"""Training loop that streams losses to a host-side history via jax.debug.callback."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(1e-2)
loss_history = []


def loss_fn(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w"]) @ params["v"] - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    jax.debug.callback(lambda: loss_history.append(loss))  # expect: JXP601
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


def smoothed_loss(window=5):
    return jnp.mean(jnp.stack(loss_history[-window:]))
