import jax
import jax.numpy as jnp
import numpy as np


class RewardScaler:
    def __init__(self, gamma, eps=1e-8, clip=10.0):
        self.gamma = gamma
        self.eps = eps
        self.clip = clip
        self.ret = 0.0
        self.var = 1.0
        self.count = 0

    def observe(self, reward):
        self.ret = self.ret * self.gamma + reward
        self.count += 1
        self.var = self.var + (self.ret ** 2 - self.var) / self.count

    def std(self):
        return float(np.sqrt(self.var))


reward_scaler = RewardScaler(gamma=0.99)


@jax.jit
def scale_rewards(rewards, std):
    scaled = rewards / (std + reward_scaler.eps)
    return jnp.clip(scaled, -reward_scaler.clip, reward_scaler.clip)


def process(episode_rewards):
    out = []
    for r in episode_rewards:
        reward_scaler.observe(float(r.sum()))
        out.append(scale_rewards(r, reward_scaler.std()))
    return out
