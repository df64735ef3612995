from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.pmap, axis_name="devices", in_axes=(None, 0))
def per_device_dropout(key, x):
    key = jax.random.fold_in(key, jax.lax.axis_index("devices"))
    keep = jax.random.bernoulli(key, 0.5, x.shape)
    return jnp.where(keep, x / 0.5, 0.0)
