# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def accumulate(xs):
    acc = jax.new_ref(jnp.zeros(3))
    for i in range(xs.shape[0]):
        acc[...] += xs[i]
        acc[0] = acc[0] * 2
    return acc[...]
