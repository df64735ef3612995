"""Norm layer whose train/eval branch is picked by a static string argument."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("mode", "axis"))
def batch_norm(x, running_mean, running_var, *, mode="train", axis=0, momentum=0.9):
    if mode == "train":
        mean = x.mean(axis=axis)
        var = x.var(axis=axis)
        running_mean = momentum * running_mean + (1 - momentum) * mean
        running_var = momentum * running_var + (1 - momentum) * var
    elif mode == "eval":
        mean, var = running_mean, running_var
    else:
        raise ValueError(mode)
    y = (x - mean) / jnp.sqrt(var + 1e-5)
    return y, running_mean, running_var


def train_then_eval(x, rm, rv):
    y, rm, rv = batch_norm(x, rm, rv, mode="train")
    y_eval, _, _ = batch_norm(x, rm, rv, mode="eval")
    return y, y_eval
