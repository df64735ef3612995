# expect: none
# One key per ensemble member, made from a traced seed inside vmap.
import jax
import jax.numpy as jnp


def init_member(seed):
    key = jax.random.key(seed)
    wkey, bkey = jax.random.split(key)
    return {"w": jax.random.normal(wkey, (3, 2)), "b": jax.random.normal(bkey, (2,))}


init_ensemble = jax.jit(jax.vmap(init_member))
ensemble = init_ensemble(jnp.arange(4))
