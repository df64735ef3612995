"""One key initialising two different modules through their `init` methods.

Reduces cleanrl-ee80f6bb-155: `actor.init(key, obs)` and then `qf.init(key, obs, a)`
draw both networks' weights from the same stream; `init` of an unknown object is not
known to consume its key argument.
"""
import jax
import jax.numpy as jnp


def init_networks(actor, qf, seed):
    key = jax.random.PRNGKey(seed)
    obs = jnp.zeros((1, 3))
    actor_params = actor.init(key, obs)
    qf_params = qf.init(key, obs, jnp.zeros((1, 1)))  # JXP301
    return actor_params, qf_params
