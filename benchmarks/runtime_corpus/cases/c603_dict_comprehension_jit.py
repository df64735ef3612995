# expect: none
import jax
import jax.numpy as jnp

ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "tanh": jnp.tanh}
JITTED = {name: jax.jit(fn) for name, fn in ACTIVATIONS.items()}


def apply_all(x, steps):
    out = {}
    for _ in range(steps):
        for name, fn in JITTED.items():
            out[name] = fn(x)
    return out
