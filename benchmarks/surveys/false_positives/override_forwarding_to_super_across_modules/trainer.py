"""The trainer base and the jitted mixin, in their own module (fortuna/training/trainer.py)."""
from functools import partial

import jax


class TrainerABC:
    def training_loss_step(self, loss_fun, params, batch, rng):
        raise NotImplementedError

    def training_step(self, state, batch, loss_fun, rng):
        forward_fun = lambda params: self.training_loss_step(loss_fun, params, batch, rng)
        (loss, aux), grad = jax.value_and_grad(forward_fun, has_aux=True)(state)
        return state - 0.1 * grad, {"loss": loss}


class JittedMixin:
    @partial(jax.jit, static_argnums=(0, 3))
    def training_step(self, state, batch, loss_fun, rng):
        return super().training_step(state, batch, loss_fun, rng)
