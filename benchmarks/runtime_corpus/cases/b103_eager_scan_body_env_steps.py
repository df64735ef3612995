import jax
import jax.numpy as jnp

counters = {"env_steps": 0, "episodes": 0}


def env_step(carry, action):
    pos, vel = carry
    vel = 0.9 * vel + 0.1 * action
    pos = pos + vel
    counters["env_steps"] += 1  # expect: JXP103
    return (pos, vel), pos


def rollout(actions):
    (pos, vel), traj = jax.lax.scan(env_step, (0.0, 0.0), actions)
    counters["episodes"] += 1
    return traj
