import jax
import jax.numpy as jnp


class EpsilonGreedy:
    def __init__(self, epsilon):
        self.epsilon = epsilon

    def act(self, key, q_values):
        explore = jax.random.uniform(key) < self.epsilon
        random_action = jax.random.randint(key, (), 0, q_values.shape[-1])  # expect: JXP301
        return jnp.where(explore, random_action, jnp.argmax(q_values))
