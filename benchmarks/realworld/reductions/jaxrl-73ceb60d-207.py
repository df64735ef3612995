"""The same key passed twice in one call to a model's init.

Reduces jaxrl-73ceb60d-207: `actor.init(key, obs, 1.0, key)` gives the parameter
initialiser and the model's own sampling input one key.
"""
import jax
import jax.numpy as jnp


def make_actor_params(actor, rng):
    rng, key = jax.random.split(rng)
    params = actor.init(key, jnp.zeros((1, 3)), 1.0,
                        key)  # JXP301
    return rng, params
