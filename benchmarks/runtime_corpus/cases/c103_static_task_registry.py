from functools import partial

import jax
import jax.numpy as jnp

TASK_HEADS = {"cls": 0, "reg": 1}
compiled_tasks = set()


@partial(jax.jit, static_argnames=("task",))
def multitask_forward(params, x, task):
    compiled_tasks.add(task)
    h = jnp.tanh(x @ params["trunk"])
    return h @ params["heads"][TASK_HEADS[task]]
