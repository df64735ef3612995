"""Diffusion model EMA of parameters, with a warmup mask for freshly added layers."""
import jax
import jax.numpy as jnp


def ema_decay(step, max_decay=0.9999, inv_gamma=1.0, power=2 / 3):
    return jnp.minimum(max_decay, 1.0 - (1.0 + step / inv_gamma) ** -power)


@jax.jit
def update_ema(ema_params, params, step, frozen_rows):
    decay = ema_decay(step)
    new_ema = jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, ema_params, params)
    table = new_ema["embed"]
    # rows of newly added tokens copy the live weights instead of averaging
    new_table = table.at[frozen_rows].set(params["embed"][frozen_rows])  # expect: JXP202
    new_ema["embed"] = table
    return new_ema
