import jax
import jax.numpy as jnp
import numpy as np


def save_rng(key):
    return np.asarray(jax.random.key_data(key))


def restore_rng(raw):
    return jax.random.wrap_key_data(jnp.asarray(raw))


def resume_and_sample(key, n):
    blob = save_rng(key)
    impl = jax.random.key_impl(key)
    assert key.shape == () and str(impl)
    key = restore_rng(blob)
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (n,)), jax.random.normal(k2, (n,))
