import pickle

import jax
import jax.numpy as jnp


def save_checkpoint(path, params, key, step):
    blob = {"params": jax.device_get(params), "rng": jax.device_get(jax.random.key_data(key)), "step": step}
    with open(path, "wb") as f:
        pickle.dump(blob, f)


def restore_checkpoint(path):
    with open(path, "rb") as f:
        blob = pickle.load(f)
    return blob["params"], jax.random.wrap_key_data(blob["rng"]), blob["step"]


def train(params, key, steps, ckpt_path):
    for step in range(steps):
        save_checkpoint(ckpt_path, params, key, step)
        key, sub = jax.random.split(key)
        params = params + 0.01 * jax.random.normal(sub, params.shape)
    return params, key
