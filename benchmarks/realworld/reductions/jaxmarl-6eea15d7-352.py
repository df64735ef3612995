"""Item assignment on an element of a fori_loop carry.

Reduces jaxmarl-6eea15d7-352: the carry's elements are arrays, so `rewards[i] = r` in
the body raises under tracing (the same code on `state.field[i]` is reported).
"""
import jax
import jax.numpy as jnp


def step_agents(positions, num_agents):
    def _step(i, carry):
        rewards, positions = carry
        reward = positions[i] > 0
        rewards[i] = reward  # JXP201
        return rewards, positions

    return jax.lax.fori_loop(0, num_agents, _step, (jnp.zeros(num_agents), positions))
