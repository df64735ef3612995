# Seen in google-research/big_vision big_vision/trainers/proj/distill/distill.py:221 and
# big_vision/trainers/proj/flexi/distill.py:202 (JXP502), with flexi/distill.py:261 (JXP502).
# The distillation loss is differentiated with respect to the student's params only, so
# `loss_fn(student_params, params, ...)` puts them back into the params dict
# (`params["student"] = student_params`) to run every model from one dict. Its only caller,
# the jitted `update_fn`, passes its own dict, does not read `params["student"]` again
# before setting it to the updated weights (`params["student"] = w`), and returns `params`,
# which the training loop rebinds. Nothing sees a stale or a traced value.
# Checked under jax 0.10.2: `python argument_written_then_overwritten_by_caller.py` passes.
import functools

import jax
import jax.numpy as jnp


def loss_fn(student_params, params, x):
    # differentiate w.r.t. the student only; the teacher comes from the same dict
    params["student"] = student_params
    student = x @ params["student"]
    teacher = x @ params["teacher"]
    return jnp.mean((student - teacher) ** 2)


@functools.partial(jax.jit, donate_argnums=(0,))
def update_fn(params, x):
    w = params["student"]
    loss, grads = jax.value_and_grad(loss_fn)(w, params, x)
    w = w - 0.1 * grads
    params["student"] = w
    return params, loss


params = {"student": jnp.zeros((3, 2)), "teacher": jnp.ones((3, 2))}
x = jnp.ones((4, 3))
losses = []
for _ in range(20):
    params, loss = update_fn(params, x)
    losses.append(float(loss))
assert losses[-1] < losses[0] and isinstance(params["student"], jax.Array)
