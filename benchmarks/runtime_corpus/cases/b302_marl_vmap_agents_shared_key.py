"""Multi-agent rollout: each agent samples a Gaussian action from its own policy head."""
import jax
import jax.numpy as jnp


def agent_policy(agent_params, obs, key):
    mean = jnp.tanh(obs @ agent_params["w_mu"])
    log_std = agent_params["log_std"]
    action = mean + jnp.exp(log_std) * jax.random.normal(key, mean.shape)
    return jnp.clip(action, -1.0, 1.0)


def env_step(positions, actions, dt=0.1):
    positions = positions + dt * actions
    reward = -jnp.linalg.norm(positions, axis=-1)
    return positions, reward


@jax.jit
def rollout_step(all_params, positions, key):
    obs = positions
    actions = jax.vmap(agent_policy, in_axes=(0, 0, None))(all_params, obs, key)  # expect: JXP302
    positions, rewards = env_step(positions, actions)
    return positions, actions, rewards


def rollout(all_params, positions, key, horizon):
    total = 0.0
    for _ in range(horizon):
        key, sub = jax.random.split(key)
        positions, actions, rewards = rollout_step(all_params, positions, sub)
        total = total + rewards
    return positions, total
