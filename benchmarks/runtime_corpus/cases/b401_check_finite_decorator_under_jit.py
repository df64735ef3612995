import functools

import jax
import jax.numpy as jnp


def check_finite(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        out = fn(*args, **kwargs)
        if not jnp.all(jnp.isfinite(out)):  # expect: JXP401
            raise FloatingPointError(f"{fn.__name__} produced non-finite values")
        return out
    return wrapper


@jax.jit
@check_finite
def log_likelihood(mu, sigma, x):
    return -0.5 * ((x - mu) / sigma) ** 2 - jnp.log(sigma)
