import flax.linen as nn
import jax
import jax.numpy as jnp


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train):
        x = nn.relu(nn.Dense(self.hidden)(x))
        if train:  # expect: JXP401
            x = nn.Dropout(0.1, deterministic=False)(x)
        return nn.Dense(1)(x)


model = MLP()
apply_fn = jax.jit(model.apply)


def predict(params, x):
    return apply_fn(params, x, False)
