# expect: none
import jax
import jax.numpy as jnp


def per_example(x):
    print("processing example batch")
    return x ** 2


batched = jax.vmap(per_example)
