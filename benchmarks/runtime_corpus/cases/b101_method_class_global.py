import jax
import jax.numpy as jnp

THRESHOLD = 0.5


class Classifier:
    def __init__(self, w):
        self.w = w
        self.predict = jax.jit(self._predict)

    def _predict(self, x):
        return (x @ self.w > THRESHOLD).astype(jnp.float32)  # expect: JXP101


def set_threshold(t):
    global THRESHOLD
    THRESHOLD = t
