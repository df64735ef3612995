from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("trainable",))
def sgd_subset(params, grads, trainable, lr=0.1):
    return {k: (p - lr * grads[k] if k in trainable else p) for k, p in params.items()}


def finetune(params, grads, freeze_prefix="embed"):
    trainable = sorted(k for k in params if not k.startswith(freeze_prefix))
    return sgd_subset(params, grads, trainable=trainable)  # expect: JXP602
