"""DQN agent with epsilon-greedy exploration and a linearly decaying epsilon."""
from functools import partial

import jax
import jax.numpy as jnp


class DQNAgent:
    def __init__(self, n_actions, eps_start=1.0, eps_end=0.05, eps_decay_steps=1000):
        self.n_actions = n_actions
        self.epsilon = eps_start
        self.eps_end = eps_end
        self.eps_step = (eps_start - eps_end) / eps_decay_steps

    def q_values(self, params, obs):
        h = jnp.tanh(obs @ params["w1"])
        return h @ params["w2"]

    @partial(jax.jit, static_argnums=0)
    def act(self, params, obs, key):
        k_explore, k_action = jax.random.split(key)
        greedy = jnp.argmax(self.q_values(params, obs), axis=-1)
        random_action = jax.random.randint(k_action, greedy.shape, 0, self.n_actions)
        explore = jax.random.uniform(k_explore, greedy.shape) < self.epsilon  # expect: JXP101
        return jnp.where(explore, random_action, greedy)

    def decay_epsilon(self):
        self.epsilon = max(self.eps_end, self.epsilon - self.eps_step)


def collect(agent, params, obs_batches, key):
    actions = []
    for obs in obs_batches:
        key, sub = jax.random.split(key)
        actions.append(agent.act(params, obs, sub))
        agent.decay_epsilon()
    return actions
