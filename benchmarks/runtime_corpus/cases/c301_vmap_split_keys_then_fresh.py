import jax
import jax.numpy as jnp


def init_member(key, din, dout):
    w_key, b_key = jax.random.split(key)
    return {"w": jax.random.normal(w_key, (din, dout)) / jnp.sqrt(din),
            "b": 0.01 * jax.random.normal(b_key, (dout,))}


def init_ensemble(key, n, din, dout):
    key, member_key = jax.random.split(key)
    members = jax.vmap(init_member, in_axes=(0, None, None))(
        jax.random.split(member_key, n), din, dout)
    scale = jax.random.uniform(key, (n,), minval=0.5, maxval=1.5)
    return members, scale
