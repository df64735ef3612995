# Seen in awslabs/fortuna fortuna/training/output_calibrator.py:340 (JXP302; the fifteenth
# set's first run). The validation loop hands one key to `self.val_step(...)` for every
# batch; `val_step` calls `self.val_loss_step(..., rng, ...)`, a stub of the base class
# (`pass`) whose only override (in another module there) draws from the key only when no
# ensemble outputs are given, and calibration always gives them. The analysis counts an
# unread stub as a draw, because a subclass it cannot see may draw: here the override it
# would need to see draws nothing on the path taken.
# Checked under jax 0.10.2: `python abstract_stub_taken_to_draw.py` passes.
import jax
import jax.numpy as jnp


class Calibrator:
    def val_loss_step(self, state, batch, outputs, rng):
        pass

    def val_step(self, state, batch, outputs, rng):
        return self.val_loss_step(state, batch, outputs, rng)

    def validation(self, state, batches, outputs_list, rng):
        losses = []
        for batch, outputs in zip(batches, outputs_list):
            losses.append(self.val_step(state, batch, outputs, rng))  # must not be reported (JXP302)
        return losses


class ProbModelCalibrator(Calibrator):
    def val_loss_step(self, state, batch, outputs, rng):
        if outputs is None:
            outputs = jax.random.normal(rng, batch.shape)
        return jnp.mean((outputs - batch) ** 2) * state


calibrator = ProbModelCalibrator()
batches = [jnp.ones(3), jnp.zeros(3)]
losses = calibrator.validation(1.0, batches, [jnp.ones(3), jnp.ones(3)], jax.random.key(0))
assert float(losses[0]) == 0.0 and float(losses[1]) == 1.0
print("ok")
