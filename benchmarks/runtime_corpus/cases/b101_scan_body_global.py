import jax
import jax.numpy as jnp
from jax import lax

decay = 0.9


def ema_body(avg, x):
    avg = decay * avg + (1 - decay) * x  # expect: JXP101
    return avg, avg


@jax.jit
def ema(xs):
    _, out = lax.scan(ema_body, 0.0, xs)
    return out


def anneal():
    global decay
    decay = 0.5
