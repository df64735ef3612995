"""Initialise a two-layer network from a typed key, splitting before each draw."""
import jax
import jax.numpy as jnp


def init_layer(key, fan_in, fan_out):
    w_key, b_key = jax.random.split(key)
    w = jax.random.normal(w_key, (fan_in, fan_out)) / jnp.sqrt(fan_in)
    b = 0.01 * jax.random.normal(b_key, (fan_out,))
    return {"w": w, "b": b}


def init_mlp(seed, sizes):
    key = jax.random.key(seed)
    key, k_enc = jax.random.split(key)
    params = {"enc": init_layer(k_enc, sizes[0], sizes[1])}
    key, k_dec = jax.random.split(key)
    params["dec"] = init_layer(k_dec, sizes[1], sizes[2])
    dropout_key, noise_key = jax.random.split(key)
    noise = jax.random.normal(noise_key, (sizes[0],))
    return params, dropout_key, noise
