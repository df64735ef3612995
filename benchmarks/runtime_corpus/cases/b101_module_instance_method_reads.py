import jax
import jax.numpy as jnp
import numpy as np


class ObsNormalizer:
    def __init__(self, dim):
        self.mean = np.zeros(dim, np.float32)
        self.std = np.ones(dim, np.float32)

    def fit(self, obs_batch):
        self.mean = obs_batch.mean(0)
        self.std = obs_batch.std(0) + 1e-6

    def normalize(self, obs):
        return (obs - self.mean) / self.std


normalizer = ObsNormalizer(2)


@jax.jit
def value_fn(w, obs):
    z = normalizer.normalize(obs)  # expect: JXP101
    return jnp.tanh(z) @ w


def evaluate(w, datasets):
    values = []
    for data in datasets:
        normalizer.fit(np.asarray(data))
        values.append(value_fn(w, data))
    return values
