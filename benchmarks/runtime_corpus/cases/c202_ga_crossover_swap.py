import jax
import jax.numpy as jnp


@jax.jit
def crossover(parent_a, parent_b, key):
    cut = jax.random.randint(key, (), 1, parent_a.shape[0])
    tail = jnp.arange(parent_a.shape[0]) >= cut
    child_a, child_b = parent_a, parent_b
    for i in range(parent_a.shape[0]):
        child_a, child_b = (
            child_a.at[i].set(jnp.where(tail[i], parent_b[i], parent_a[i])),
            child_b.at[i].set(jnp.where(tail[i], parent_a[i], parent_b[i])),
        )
    return child_a, child_b, cut
