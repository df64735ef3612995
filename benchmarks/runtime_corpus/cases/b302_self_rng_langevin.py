import jax
import jax.numpy as jnp


class LangevinSampler:
    def __init__(self, score_fn, step_size, seed):
        self.score_fn = score_fn
        self.step_size = step_size
        self.rng = jax.random.key(seed)

    def sample(self, x, n_steps):
        for _ in range(n_steps):
            noise = jax.random.normal(self.rng, x.shape)  # expect: JXP302
            x = x + self.step_size * self.score_fn(x) + jnp.sqrt(2 * self.step_size) * noise
        return x
