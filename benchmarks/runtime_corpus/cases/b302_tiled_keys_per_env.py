"""Vectorised environment reset: one key per parallel environment."""
import jax
import jax.numpy as jnp

N_ENVS = 16


def reset_env(key):
    k_pos, k_vel = jax.random.split(key)
    pos = jax.random.uniform(k_pos, (2,), minval=-1.0, maxval=1.0)
    vel = 0.1 * jax.random.normal(k_vel, (2,))
    return jnp.concatenate([pos, vel])


@jax.jit
def reset_all(key):
    keys = jnp.tile(key[None], (N_ENVS, 1))
    return jax.vmap(reset_env)(keys)  # expect: JXP302


def rollout_starts(key, n_rollouts):
    starts = []
    for _ in range(n_rollouts):
        key, sub = jax.random.split(key)
        starts.append(reset_all(sub))
    return jnp.stack(starts)
