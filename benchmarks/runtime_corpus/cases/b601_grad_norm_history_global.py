"""Training loop that tracks gradient norms for divergence detection."""
import jax
import jax.numpy as jnp
import optax

GRAD_NORMS = []
optimizer = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(1e-3))


def loss_fn(params, x, y):
    h = jnp.tanh(x @ params["w1"])
    return jnp.mean((h @ params["w2"] - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    GRAD_NORMS.append(optax.global_norm(grads))  # expect: JXP601
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def diverging(window=10, factor=5.0):
    recent = jnp.stack(GRAD_NORMS[-window:])
    return bool(recent[-1] > factor * jnp.median(recent))
