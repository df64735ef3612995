import jax
import jax.numpy as jnp


class RunningMean:
    def __init__(self):
        self.mean = jnp.zeros(())
        self.update = jax.jit(self._update)

    def _update(self, x):
        self.mean = 0.9 * self.mean + 0.1 * jnp.mean(x)  # expect: JXP601
        return self.mean
