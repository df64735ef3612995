import flax.linen as nn
import jax
import jax.numpy as jnp


class ProbHead(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        if jnp.any(jnp.isnan(x)):
            raise ValueError("NaN in input features")
        return nn.softmax(nn.Dense(self.features)(x))


model = ProbHead(3)


def predict_one(variables, x):
    # eager inference on a single request: no jit, so the check sees concrete values
    return model.apply(variables, x)
