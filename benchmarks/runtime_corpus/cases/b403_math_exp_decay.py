import math

import jax


def exp_decay(step, lr0=0.1, rate=0.01):
    return lr0 * math.exp(-rate * step)  # expect: JXP403


@jax.jit
def update(params, grads, step):
    lr = exp_decay(step)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)
