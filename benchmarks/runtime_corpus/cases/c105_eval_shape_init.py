import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        {"w": jax.random.normal(k, (m, n)) / jnp.sqrt(m), "b": jnp.zeros(n)}
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def count_params(sizes):
    shapes = jax.eval_shape(lambda: init_mlp(jax.random.key(0), sizes))
    return sum(leaf.size for leaf in jax.tree.leaves(shapes))


def build(sizes, seed):
    return init_mlp(jax.random.key(seed), sizes)
