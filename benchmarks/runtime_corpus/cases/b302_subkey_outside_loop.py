import jax
import jax.numpy as jnp


def collect_episodes(key, n_episodes):
    key, reset_key = jax.random.split(key)
    starts = []
    for ep in range(n_episodes):
        starts.append(jax.random.uniform(reset_key, (2,)))  # expect: JXP302
    return jnp.stack(starts)
