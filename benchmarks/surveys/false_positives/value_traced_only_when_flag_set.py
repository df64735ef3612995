# Seen in google-research/precondition precondition/distributed_shampoo.py:1726 and 1755
# (2 JXP401).
# Shampoo's update (the `update` of an optax GradientTransformation, run under jit) picks
# how often to recompute preconditioners: `scheduled = decay_steps and end_steps and
# callable(learning_rate)` (Python values of the optimizer's configuration), `steps_t =
# preconditioning_compute_steps` (an int) and, only `if scheduled:`, `steps_t =
# schedule(..., state.count)` (traced). It then calls `_update_preconditioners_fn(every_fn,
# fn, steps_t, scheduled)`, which does `if scheduled: lax.cond(steps == 1, every_fn, fn)`
# `else: if steps == 1: every_fn() else: fn()`. The Python `if` on `steps == 1` is only
# reached when `scheduled` is false, when `steps` is the configured int. The analysis
# merges the two bindings of the caller's local (the int, and the traced schedule value
# under the same flag) and does not tie the callee's branch on the flag to them: the
# traced binding reaches the branch whose flag rules it out. (With the schedule an unknown
# callable, whose result the analysis does not take as traced, nothing is reported.)
# Another caller in the file, `_pjit_compute_preconditioners`, guards the schedule with
# `decay and callable(learning_rate)` but passes `scheduled = decay and end_steps and
# callable(learning_rate)`: there, `end_preconditioning_compute_steps=0` would reach the
# Python `if` with a traced value; the finding names the sharded caller, whose two tests
# are the same.
# Checked under jax 0.10.2: `python value_traced_only_when_flag_set.py` passes.
import jax
import jax.numpy as jnp


def steps_schedule(lr_fn, start, end, step):
    decay = lr_fn(step) / lr_fn(0)
    return jnp.maximum(((start + (1 - decay) * end) // 10) * 10, 1)


def _update_fn(every_fn, fn, steps, scheduled):
    if scheduled:
        return jax.lax.cond(steps == 1, every_fn, fn)
    if steps == 1:  # must not be reported (JXP401)
        return every_fn()
    return fn()


def make_update(compute_steps, decay, end_steps=None, learning_rate=0.1):
    def update(grads, count):
        scheduled = decay and end_steps and callable(learning_rate)
        steps_t = compute_steps
        if scheduled:
            steps_t = steps_schedule(learning_rate, compute_steps, end_steps, count)
        every = lambda: grads * 2.0
        some = lambda: grads + 1.0
        return _update_fn(every, some, steps_t, scheduled)

    return jax.jit(update)


if __name__ == "__main__":
    g = jnp.ones(2)
    assert jnp.array_equal(make_update(1, False)(g, 0), g * 2.0)
    assert jnp.array_equal(make_update(3, False)(g, 0), g + 1.0)
    lr = lambda step: 1.0 / (1.0 + step)
    assert jnp.array_equal(make_update(1, True, 1, lr)(g, 0), g * 2.0)
    assert jnp.array_equal(make_update(3, True, 20, lr)(g, 100), g + 1.0)
    print("ok")
