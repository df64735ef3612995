"""Loss-spike detector backed by a bounded deque of recent losses."""
import collections

import jax
import jax.numpy as jnp

RECENT = collections.deque(maxlen=50)


def loss_fn(w, x, y):
    return jnp.mean(jnp.logaddexp(0.0, -y * (x @ w)))


@jax.jit
def train_step(w, x, y, lr=0.1):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    RECENT.append(loss)  # expect: JXP601
    return w - lr * g, loss


def spike(threshold=3.0):
    hist = jnp.stack(list(RECENT))
    return bool(hist[-1] > threshold * jnp.median(hist))
