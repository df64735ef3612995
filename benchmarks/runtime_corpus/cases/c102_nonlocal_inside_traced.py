# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def total_penalty(params):
    total = 0.0

    def add(term):
        nonlocal total
        total = total + term

    for w in jax.tree.leaves(params):
        add(jnp.sum(w ** 2))
    return total
