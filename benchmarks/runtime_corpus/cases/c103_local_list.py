# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def mlp(params, x):
    activations = []
    for w, b in params:
        x = jax.nn.relu(x @ w + b)
        activations.append(x)
    summary = {}
    summary["last"] = activations[-1]
    return summary["last"], jnp.stack([a.sum() for a in activations])
