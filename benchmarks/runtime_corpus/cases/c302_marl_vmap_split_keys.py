"""Multi-agent rollout: one key per agent, split before the vmap."""
import jax
import jax.numpy as jnp


def agent_policy(agent_params, obs, key):
    mean = jnp.tanh(obs @ agent_params["w_mu"])
    action = mean + jnp.exp(agent_params["log_std"]) * jax.random.normal(key, mean.shape)
    return jnp.clip(action, -1.0, 1.0)


def env_step(positions, actions, dt=0.1):
    positions = positions + dt * actions
    return positions, -jnp.linalg.norm(positions, axis=-1)


@jax.jit
def rollout_step(all_params, positions, key):
    agent_keys = jax.random.split(key, positions.shape[0])
    actions = jax.vmap(agent_policy)(all_params, positions, agent_keys)
    positions, rewards = env_step(positions, actions)
    return positions, actions, rewards


def rollout(all_params, positions, key, horizon):
    total = 0.0
    for _ in range(horizon):
        key, sub = jax.random.split(key)
        positions, actions, rewards = rollout_step(all_params, positions, sub)
        total = total + rewards
    return positions, total
