# expect: none
import jax
import jax.numpy as jnp


def perturb(key, x, kind):
    if kind == "gaussian":
        noise = jax.random.normal(key, x.shape)
    elif kind == "uniform":
        noise = jax.random.uniform(key, x.shape, minval=-1.0, maxval=1.0)
    else:
        return x
    return x + 0.1 * noise


def perturb_traced(key, x, use_gauss):
    return jax.lax.cond(
        use_gauss,
        lambda k: x + jax.random.normal(k, x.shape),
        lambda k: x + jax.random.uniform(k, x.shape),
        key,
    )
