# expect: none
import jax
import jax.numpy as jnp

HP = {"scale": 1.0, "verbose": False}


@jax.jit
def scaled(x):
    return x * HP["scale"]


HP["scale"] = 3.0


def run(xs):
    out = []
    for i, x in enumerate(xs):
        HP["verbose"] = i > 0
        out.append(scaled(x))
    return out
