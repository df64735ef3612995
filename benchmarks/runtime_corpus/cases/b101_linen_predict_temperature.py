import flax.linen as nn
import jax
import jax.numpy as jnp


class Classifier(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.n_classes)(x)


model = Classifier()
temperature = 1.0


@jax.jit
def predict_proba(variables, x):
    logits = model.apply(variables, x)
    return jax.nn.softmax(logits / temperature)  # expect: JXP101


def calibrate(t):
    global temperature
    temperature = t
