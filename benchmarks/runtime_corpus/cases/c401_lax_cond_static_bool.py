# expect: none
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("use_ema",))
def pick_params(params, ema_params, use_ema):
    with jax.ensure_compile_time_eval():
        pred = bool(use_ema) and params.shape == ema_params.shape
    return jax.lax.cond(pred, lambda: ema_params, lambda: params)
