import math

import equinox as eqx
import jax
import jax.numpy as jnp


class TemperedHead(eqx.Module):
    linear: eqx.nn.Linear
    log_temp: jax.Array

    def __init__(self, dim, ncls, key):
        self.linear = eqx.nn.Linear(dim, ncls, key=key)
        self.log_temp = jnp.array(0.0)

    def __call__(self, x):
        temp = math.exp(self.log_temp)  # expect: JXP403
        return jax.nn.log_softmax(self.linear(x) / temp)


@eqx.filter_jit
def predict(model, xs):
    return jax.vmap(model)(xs)
