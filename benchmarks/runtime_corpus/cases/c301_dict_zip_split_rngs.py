import jax
import jax.numpy as jnp

RNG_NAMES = ("params", "dropout", "noise")


def make_rngs(key):
    return dict(zip(RNG_NAMES, jax.random.split(key, len(RNG_NAMES))))


def init_and_apply(key, x):
    rngs = make_rngs(key)
    w = jax.random.normal(rngs["params"], (x.shape[-1], 4))
    keep = jax.random.bernoulli(rngs["dropout"], 0.9, (4,))
    h = jnp.where(keep, x @ w, 0.0)
    return h + 0.01 * jax.random.normal(rngs["noise"], h.shape)
