# expect: none
import equinox as eqx
import jax
import jax.numpy as jnp


class ResidualMLP(eqx.Module):
    weights: list
    depth: int
    activation: str
    residual: bool

    def __init__(self, dim, depth, key, activation="tanh", residual=True):
        keys = jax.random.split(key, depth)
        self.weights = [jax.random.normal(k, (dim, dim)) * 0.1 for k in keys]
        self.depth = depth
        self.activation = activation
        self.residual = residual

    def __call__(self, x):
        act = jnp.tanh if self.activation == "tanh" else jax.nn.relu
        for i in range(self.depth):
            h = act(x @ self.weights[i])
            x = x + h if self.residual and self.depth > 1 else h
        return x


@eqx.filter_jit
def predict(model, xs):
    return jax.vmap(model)(xs)
