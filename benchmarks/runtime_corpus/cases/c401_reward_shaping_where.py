"""Reward shaping for a reaching task with jnp.where, plus a static ndim check."""
import jax
import jax.numpy as jnp

GOAL = jnp.array([1.0, 1.0])


def shaped_reward(dist, prev_dist, success_radius=0.05):
    progress = prev_dist - dist
    if jnp.ndim(dist) > 0:
        dist = dist.squeeze()
    return jnp.where(dist < success_radius, 10.0 + progress, progress - 0.01)


@jax.jit
def env_step(pos, action):
    prev_dist = jnp.linalg.norm(pos - GOAL)
    pos = jnp.clip(pos + 0.1 * jnp.tanh(action), -2.0, 2.0)
    dist = jnp.linalg.norm(pos - GOAL)
    return pos, shaped_reward(dist, prev_dist)


def episode_return(pos, actions):
    total = 0.0
    for a in actions:
        pos, r = env_step(pos, a)
        total += r
    return total
