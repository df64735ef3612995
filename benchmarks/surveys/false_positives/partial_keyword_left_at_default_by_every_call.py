# Seen in google-research/l2p train_continual.py:240 (2 JXP402) and 244 (1 JXP401).
# `train_step(model, state, batch, rng, ..., cur_task_id: int = -1, use_prompt_mask=False,
# ..., config=None)` builds a prompt mask `if use_prompt_mask:` from
# `start = cur_task_id * config.prompt_pool_param.top_k` (`jnp.arange(start, end)`, `if end >
# pool_size`). It is pmapped twice, each time as `functools.partial(train_step, ...)`: the
# training partial binds `cur_task_id=task_id`, `use_prompt_mask=...` and `config=config`
# (Python values, constants of the trace); the review partial binds `config` but leaves
# `cur_task_id` and `use_prompt_mask` out, and every call of it (`p_train_step(state=...,
# batch=..., rng=...)`) passes neither, so they stay at their defaults, -1 and False: the
# branch is not even taken. The analysis takes a parameter a jitted partial leaves unbound
# as an argument of the call, traced, although no call passes it.
# Checked under jax 0.10.2: `python partial_keyword_left_at_default_by_every_call.py` passes.
import functools
import types

import jax
import jax.numpy as jnp


def train_step(state, batch, cur_task_id: int = -1, use_prompt_mask=False, config=None):
    if use_prompt_mask:
        start = cur_task_id * config.top_k
        end = (cur_task_id + 1) * config.top_k
        mask = jnp.arange(start, end)  # must not be reported (JXP402)
        if end > config.pool_size:  # must not be reported (JXP401)
            mask = jnp.zeros(1)
        return state + batch.sum() + mask.sum()
    return state + batch.sum()


def train(task_id: int, config, state, batch):
    p_step = jax.jit(functools.partial(
        train_step, cur_task_id=task_id, use_prompt_mask=True, config=config))
    return p_step(state, batch)


def review(config, state, batch):
    p_step = jax.jit(functools.partial(train_step, config=config))
    return p_step(state=state, batch=batch)


if __name__ == "__main__":
    config = types.SimpleNamespace(top_k=2, pool_size=10)
    assert float(train(1, config, jnp.float32(0), jnp.ones(3))) == 3.0 + 2 + 3
    assert float(review(config, jnp.float32(0), jnp.ones(3))) == 3.0
    print("ok")
