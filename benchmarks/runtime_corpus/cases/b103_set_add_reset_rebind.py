from functools import partial

import jax
import jax.numpy as jnp

active_tasks = set()


@partial(jax.jit, static_argnames=("task",))
def task_loss(params, x, y, task):
    active_tasks.add(task)  # expect: JXP103
    pred = x @ params[task]
    return jnp.mean((pred - y) ** 2)


def start_epoch():
    global active_tasks
    active_tasks = set()


def run_epoch(params, batches):
    start_epoch()
    return [task_loss(params, x, y, task) for task, x, y in batches]
