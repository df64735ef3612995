import jax
import jax.numpy as jnp


class Learner:
    def __init__(self, lr):
        self.lr = lr
        self.stats = {}
        self.update = jax.jit(self._update)

    def _update(self, params, x, y):
        loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        self.stats["grad_norm"] = jnp.linalg.norm(g)  # expect: JXP601
        return params - self.lr * g, loss

    def log(self):
        return jnp.round(self.stats["grad_norm"], 3)
