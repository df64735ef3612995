"""Soft Q-learning agent: Boltzmann exploration with a temperature annealed by the training loop."""
from functools import partial

import jax
import jax.numpy as jnp


class SoftQAgent:
    def __init__(self, n_actions, temperature=1.0):
        self.n_actions = n_actions
        self.temperature = temperature

    def q_values(self, params, obs):
        return jnp.tanh(obs @ params["w1"]) @ params["w2"]

    @partial(jax.jit, static_argnums=0)
    def act(self, params, obs, key):
        logits = self.q_values(params, obs) / self.temperature  # expect: JXP101
        return jax.random.categorical(key, logits, axis=-1)


def train(agent, params, obs_batches, key, t_min=0.05):
    actions = []
    for i, obs in enumerate(obs_batches):
        key, sub = jax.random.split(key)
        actions.append(agent.act(params, obs, sub))
        agent.temperature = max(t_min, agent.temperature * 0.5)
    return actions
