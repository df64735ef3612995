# Must not report (JXP302). Seen in google/flax examples/lm1b/train.py:543,
# examples/nlp_seq/train.py:361 and examples/wmt/train.py:639 (18f8f311c2): the training loop
# passes the same dropout key to every step, and the step folds the step counter into it
# (`jax.random.fold_in(dropout_rng, state.step)`), so each step draws different numbers. The
# fold is seen when the loop calls the step directly, not through `jit_step = jax.jit(step)`.
# Checked: `python key_folded_with_step_in_callee.py` under jax 0.10.2 (the masks of the jitted
# steps differ).
import jax
import jax.numpy as jnp


def train_step(state, batch, dropout_rng):
    dropout_rng = jax.random.fold_in(dropout_rng, state["step"])
    mask = jax.random.bernoulli(dropout_rng, 0.5, batch.shape)
    return {"step": state["step"] + 1, "w": state["w"] + jnp.where(mask, batch, 0.0).sum()}, mask


def train(batches):
    state = {"step": jnp.int32(0), "w": jnp.float32(0.0)}
    dropout_rng = jax.random.key(0)
    jit_train_step = jax.jit(train_step)
    masks = []
    for batch in batches:
        state, mask = jit_train_step(state, batch, dropout_rng)
        masks.append(mask)
    return masks


if __name__ == "__main__":
    first, second = train([jnp.ones(64), jnp.ones(64)])
    assert (first != second).any()
