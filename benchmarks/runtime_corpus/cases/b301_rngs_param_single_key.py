import jax
import jax.numpy as jnp


def init_mlp(rngs, sizes):
    params = []
    for d_in, d_out in zip(sizes[:-1], sizes[1:]):
        rngs, sub = jax.random.split(rngs)
        params.append(jax.random.normal(sub, (d_in, d_out)) / jnp.sqrt(d_in))
    return params


def init_agent(rngs, obs_dim, act_dim):
    actor = init_mlp(rngs, (obs_dim, 16, act_dim))
    critic = init_mlp(rngs, (obs_dim, 16, 1))  # expect: JXP301
    return {"actor": actor, "critic": critic}
