import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    key, *layer_keys = jax.random.split(key, len(sizes))
    params = []
    for k, (din, dout) in zip(layer_keys, zip(sizes[:-1], sizes[1:])):
        params.append(jax.random.normal(k, (din, dout)) * jnp.sqrt(2.0 / din))
    head_bias = jax.random.uniform(key, (sizes[-1],))
    return params, head_bias
