# Seen in google-research/magvit videogvt/trainers/vqgan_trainer.py:468 (JXP501; a
# first-run forecast at bb4beb1).
# A pmapped step builds a new dict of outputs and copies the batch's label across only when
# the batch has one: `if 'label' in batch: outputs['label'] = batch['label']`. The message
# says the returned dict always has the key; it has it exactly when the input does, which
# is a fact of the batch's structure, fixed for each trace (and `outputs` is no carry fed
# back in). The analysis takes the guarded write as unconditional.
# Checked under jax 0.10.2: `python optional_key_copied_when_present.py` passes.
import jax
import jax.numpy as jnp


@jax.jit
def eval_step(batch):
    outputs = {"sample": batch["x"] * 2}
    if "label" in batch:
        outputs["label"] = batch["label"]  # must not be reported (JXP501)
    return outputs


assert set(eval_step({"x": jnp.ones(2)})) == {"sample"}
assert set(eval_step({"x": jnp.ones(2), "label": jnp.zeros(2)})) == {"sample", "label"}
