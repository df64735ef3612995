# Seen in yang-song/score_sde run_lib.py:170-198 (train: JXP301, JXP302) and 422-567
# (evaluate: JXP301, JXP302).
# The training loop splits `rng` for each step and, every few steps, saves a checkpoint of
# the state with the current key copied in (`saved_state.replace(rng=rng)`), so that a
# restarted run resumes the same key sequence; the evaluation loop does the same with its
# metadata record. The record is written to disk and never drawn from in this run: the key
# is copied, not used, and the next `split(rng)` is the loop's only draw from it. The
# analysis takes the copy into the record for a use of the key, so the split after it
# reads as a reuse, and the loop as one that draws from a key it then splits again.
# Checked under jax 0.10.2: `python key_copied_into_saved_record.py` passes (the keys the
# loop draws are the same with and without the saved copies, and distinct).
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Meta:
    step: int
    rng: jax.Array

    def replace(self, **kw):
        return dataclasses.replace(self, **kw)


SAVED = []


def save_checkpoint(record):
    SAVED.append(record)


def train(rng, steps, save_every=2):
    meta = Meta(0, rng)
    draws = []
    for step in range(steps):
        rng, step_rng = jax.random.split(rng)
        draws.append(jax.random.normal(step_rng, (3,)))
        if step % save_every == 0:
            meta = meta.replace(step=step, rng=rng)
            save_checkpoint(meta)
    return jnp.stack(draws)


def train_unsaved(rng, steps):
    draws = []
    for _ in range(steps):
        rng, step_rng = jax.random.split(rng)
        draws.append(jax.random.normal(step_rng, (3,)))
    return jnp.stack(draws)


if __name__ == "__main__":
    saved = train(jax.random.key(0), 5)
    assert jnp.array_equal(saved, train_unsaved(jax.random.key(0), 5))
    assert len({tuple(row.tolist()) for row in saved}) == 5
    assert len(SAVED) == 3
    print("ok")
