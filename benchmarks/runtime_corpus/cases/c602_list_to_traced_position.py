# expect: none
import jax
import jax.numpy as jnp


def mlp(x, weights, activation, biases=None):
    for i, w in enumerate(weights):
        x = x @ w
        if biases is not None:
            x = x + biases[i]
        x = getattr(jax.nn, activation)(x)
    return x


mlp_jit = jax.jit(mlp, static_argnums=(2,))


def predict(x, params):
    weights = [params["w0"], params["w1"]]
    return mlp_jit(x, weights, "tanh", biases=[jnp.zeros(3), jnp.zeros(2)])
