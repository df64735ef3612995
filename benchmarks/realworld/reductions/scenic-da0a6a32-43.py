"""A schedule closure returned by a factory and bound into the pmapped step.

Reduces scenic-da0a6a32-43: `learning_rate_fn = get_learning_rate_fn(config)` returns
the `lr_fn` closure of a factory (looked up in a dict in the tree), which is bound with
`functools.partial(train_step, learning_rate_fn=...)` and pmapped; `train_step` calls
it on the traced global step, and `lr_fn` hands that to `polynomial_lr`, whose Python
`min()` compares it. The call through the callable parameter is not resolved to the
returned closure (a direct call of `polynomial_lr` under jit is reported).
"""
import functools

import jax


def polynomial_lr(step, decay_steps, power):
    step = min(decay_steps, step)  # JXP401
    return (1 - step / decay_steps) ** power


def compound_lr_scheduler(config):
    def lr_fn(step):
        return config["base"] * polynomial_lr(step, config["decay_steps"], 1.0)

    return lr_fn


def train_step(state, batch, learning_rate_fn):
    lr = learning_rate_fn(state["step"])
    return state["w"] - lr * batch.mean()


def train(config, state, batch):
    learning_rate_fn = compound_lr_scheduler(config)
    step = jax.pmap(functools.partial(train_step, learning_rate_fn=learning_rate_fn))
    return step(state, batch)
