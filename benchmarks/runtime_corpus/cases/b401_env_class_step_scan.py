import jax
import jax.numpy as jnp


class PointEnv:
    def __init__(self, goal=1.0):
        self.goal = goal

    def reset(self):
        return jnp.zeros(())

    def step(self, pos, action):
        pos = pos + 0.1 * action
        done = jnp.abs(pos - self.goal) < 0.05
        if done:  # expect: JXP401
            pos = self.reset()
        return pos, -jnp.abs(pos - self.goal)


env = PointEnv()


@jax.jit
def rollout(actions):
    def body(pos, a):
        return env.step(pos, a)
    _, rewards = jax.lax.scan(body, env.reset(), actions)
    return rewards.sum()
