# expect: none
import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (a, b)) for k, (a, b) in zip(keys, zip(sizes[:-1], sizes[1:]))]


def init_agent(key):
    actor_key, critic_key = jax.random.split(key)
    return {"actor": init_mlp(actor_key, [4, 8, 2]), "critic": init_mlp(critic_key, [4, 8, 1])}
