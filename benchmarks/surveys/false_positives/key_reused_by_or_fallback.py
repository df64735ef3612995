# Seen in google-research/t5x t5x/train.py:370-388, t5x/utils.py:1190-1202 and
# t5x/interactive_model.py:258-267 (JXP301 x3).
# "Restore from a checkpoint, or else initialise from scratch": `init_rng` goes to the
# restore (where it only seeds a fallback initialisation for `fallback_to_scratch`), and
# then to `from_scratch(init_rng)` written as `restored or from_scratch(init_rng)` /
# `if state is None: state = from_scratch(init_rng)`. Scratch initialisation runs only
# when the restore returned nothing, so at most one of the two results is ever kept, and
# when both initialise they are meant to give the same parameters. No independence is
# intended between the alternatives. The analysis takes the second call as a reuse.
# Checked under jax 0.10.2: `python key_reused_by_or_fallback.py` passes.
import jax

CHECKPOINTS = {"run1": {"w": jax.numpy.ones(3)}}


def from_scratch(rng):
    return {"w": jax.random.normal(rng, (3,))}


def from_checkpoint(path, init_rng, fallback_to_scratch=False):
    if path in CHECKPOINTS:
        state = dict(CHECKPOINTS[path])
        if fallback_to_scratch:  # fill entries the checkpoint lacks
            state = {**from_scratch(init_rng), **state}
        return state
    return None


def from_checkpoint_or_scratch(path, init_rng):
    return from_checkpoint(path, init_rng=init_rng) or from_scratch(init_rng)


def restore_or_init(path, init_rng):
    state = from_checkpoint(path, init_rng, fallback_to_scratch=True)
    if state is None:
        state = from_scratch(init_rng)
    return state


rng_a, rng_b, rng_c = jax.random.split(jax.random.key(0), 3)
assert float(from_checkpoint_or_scratch("run1", rng_a)["w"].sum()) == 3.0
assert from_checkpoint_or_scratch("missing", rng_b)["w"].shape == (3,)
assert restore_or_init("missing", rng_c)["w"].shape == (3,)
print("ok")
