# Seen in google-research/l2p train_continual.py:716 (1 JXP603).
# Inside the training loop of a task, when the review session starts
# (`if in_review_session and (not p_train_step_flag):`), `p_train_step` is pmapped anew
# (`functools.partial(train_step, ..., train_mask=False, class_mask=None)`: the review
# steps train without the class mask) and `p_train_step_flag = True` is set right after, so
# the branch runs at most once per task; every other step reuses the pmapped function.
# The analysis reports any jit of a new object inside a loop. It is taught the form where a
# `need_compile` flag is tested alone and cleared after the jit
# (fixtures/surveys/jit_rebuilt_only_when_flag_set.py), not a flag that starts false, is
# tested negated beside another condition and is set to True after the jit.
# Checked under jax 0.10.2: `python jit_built_once_under_not_flag.py` passes.
import functools

import jax
import jax.numpy as jnp


def train_step(state, batch, class_mask=None):
    if class_mask is not None:
        batch = batch * class_mask
    return state + jnp.sum(batch)


def train(state, batches, num_train_steps, class_mask):
    p_step = jax.jit(functools.partial(train_step, class_mask=class_mask))
    built = 1
    review_built = False
    for step, batch in enumerate(batches):
        in_review = step >= num_train_steps
        if in_review and (not review_built):
            p_step = jax.jit(functools.partial(train_step, class_mask=None))  # must not be reported (JXP603)
            built += 1
            review_built = True
        state = p_step(state, batch)
    return state, built


if __name__ == "__main__":
    state, built = train(jnp.float32(0), [jnp.ones(2)] * 10, 6, jnp.array([1.0, 0.0]))
    assert float(state) == 6 * 1 + 4 * 2
    assert built == 2  # one jit for the training steps, one for all the review steps
    print("ok")
