import jax
import jax.numpy as jnp

compiled_shapes = set()


@jax.jit
def encode(tokens, table):
    compiled_shapes.add((tokens.shape, str(tokens.dtype)))
    return table[tokens].sum(axis=1)


def report():
    return sorted(compiled_shapes)
