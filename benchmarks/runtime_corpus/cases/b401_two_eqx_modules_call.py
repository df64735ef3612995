import equinox as eqx
import jax
import jax.numpy as jnp


class Encoder(eqx.Module):
    w: jax.Array

    def __init__(self, key, dim):
        self.w = jax.random.normal(key, (dim, dim))

    def __call__(self, x):
        return jnp.tanh(x @ self.w)


class GatedHead(eqx.Module):
    w: jax.Array
    gate: jax.Array

    def __init__(self, key, dim):
        self.w = jax.random.normal(key, (dim, 1))
        self.gate = jnp.asarray(0.5)

    def __call__(self, h):
        if self.gate > 0:  # expect: JXP401
            h = h * self.gate
        return h @ self.w


@eqx.filter_jit
def predict(encoder, model, x):
    return model(encoder(x))
