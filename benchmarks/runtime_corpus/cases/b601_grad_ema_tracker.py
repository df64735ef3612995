import jax
import jax.numpy as jnp


class LossTracker:
    def __init__(self, decay=0.9):
        self.decay = decay
        self.ema = None

    def report(self):
        return float(self.ema)


tracker = LossTracker()


def loss_fn(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    prev = loss if tracker.ema is None else tracker.ema
    tracker.ema = tracker.decay * prev + (1 - tracker.decay) * loss  # expect: JXP601
    return loss


def fit(w, x, y, steps=3):
    for _ in range(steps):
        w = w - 0.1 * jax.grad(loss_fn)(w, x, y)
    return w, tracker.report()
