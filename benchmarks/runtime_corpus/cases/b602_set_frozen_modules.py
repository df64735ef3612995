from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("frozen",))
def masked_update(params, grads, frozen):
    return {k: p if k in frozen else p - 0.1 * grads[k] for k, p in params.items()}


def finetune_step(params, grads):
    return masked_update(params, grads, frozen={"encoder"})  # expect: JXP602
