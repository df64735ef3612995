import jax
import jax.numpy as jnp

STREAMS = {"params": 0, "dropout": 1, "noise": 2}


def stream_key(key, name):
    return jax.random.fold_in(key, STREAMS[name])


def sample_all(key, n):
    k_params = stream_key(key, "params")
    k_drop = stream_key(key, "dropout")
    k_noise = jax.random.fold_in(key, STREAMS["noise"])
    w = jax.random.normal(k_params, (n,))
    mask = jax.random.bernoulli(k_drop, 0.5, (n,))
    eps = jax.random.uniform(k_noise, (n,))
    return w, mask, eps
