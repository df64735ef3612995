import jax
import jax.numpy as jnp

ema_decay = 0.0


@jax.jit
def ema_update(ema_params, params):
    return jax.tree.map(lambda e, p: ema_decay * e + (1.0 - ema_decay) * p, ema_params, params)  # expect: JXP101


def train(params, num_steps):
    global ema_decay
    ema = params
    for step in range(num_steps):
        params = jax.tree.map(lambda p: p + 1.0, params)
        ema_decay = min(0.999, (1.0 + step) / (10.0 + step))
        ema = ema_update(ema, params)
    return ema
