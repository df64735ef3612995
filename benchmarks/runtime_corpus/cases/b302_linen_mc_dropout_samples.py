import flax.linen as nn
import jax
import jax.numpy as jnp


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic=True):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


model = Regressor()


def mc_dropout_predict(params, x, key, n_samples=8):
    """Monte-Carlo dropout: mean and spread over stochastic forward passes."""
    samples = jnp.stack([
        model.apply(params, x, deterministic=False, rngs={"dropout": key})  # expect: JXP302
        for _ in range(n_samples)
    ])
    return samples.mean(0), samples.std(0)
