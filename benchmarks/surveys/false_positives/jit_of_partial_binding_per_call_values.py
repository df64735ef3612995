# Seen in google-research/l2p train_continual.py:664 (1 JXP603).
# Continual learning: `train_and_evaluate` loops over the tasks and calls
# `train_and_evaluate_per_task(task_id, ...)` once per task; that function pmaps
# `functools.partial(train_step, ..., class_mask=class_mask_list[task_id],
# cur_task_id=task_id, initial_step=initial_step, ...)` and then runs the whole training
# loop of the task with it. The partial binds this call's task (its class mask, its id,
# where its steps start): a different function per task, so one compilation per task is
# the least there can be, and it is reused for every step of the task. "jit it once,
# outside the loop" cannot be done without making the bound values arguments. The analysis
# reports the jit of a new partial in a function called in a loop; it is taught to accept a
# per-call closure (fixtures/surveys/jit_of_per_configuration_closure.py), not a partial
# binding the call's own arguments.
# Checked under jax 0.10.2: `python jit_of_partial_binding_per_call_values.py` passes.
import functools

import jax
import jax.numpy as jnp

cache_sizes = []


def train_step(state, batch, class_mask, cur_task_id):
    return state + jnp.sum(batch * class_mask) + cur_task_id


def train_per_task(task_id, state, batches, class_masks):
    p_step = jax.jit(functools.partial(  # must not be reported (JXP603)
        train_step, class_mask=class_masks[task_id], cur_task_id=task_id))
    for batch in batches:
        state = p_step(state, batch)
    cache_sizes.append(p_step._cache_size())
    return state


def train(num_tasks, state, batches, class_masks):
    for task_id in range(num_tasks):
        state = train_per_task(task_id, state, batches, class_masks)
    return state


if __name__ == "__main__":
    masks = [jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])]
    out = train(2, jnp.float32(0), [jnp.ones(2)] * 5, masks)
    assert float(out) == 5 * 1 + 5 * (1 + 1)
    assert cache_sizes == [1, 1]  # one compilation per task, every step of a task reuses it
    print("ok")
