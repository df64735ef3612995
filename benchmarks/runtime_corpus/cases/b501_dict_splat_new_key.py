import jax
import jax.numpy as jnp


def track_ema(xs, decay=0.9):
    def body(state, x):
        ema = decay * state["ema"] + (1 - decay) * x
        return {**state, "ema": ema, "last": x}, ema  # expect: JXP501

    _, emas = jax.lax.scan(body, {"ema": jnp.zeros(())}, xs)
    return emas
