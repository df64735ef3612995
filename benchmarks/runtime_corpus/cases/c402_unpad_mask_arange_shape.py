# expect: none
# Answer to "tokens[:length] fails under jit": mask with an arange over the static length.
import jax
import jax.numpy as jnp


class Unpadder:
    def __init__(self, pad_id):
        self.pad_id = pad_id

    def trim(self, tokens, mask):
        length = mask.sum()
        positions = jnp.arange(tokens.shape[0])
        return jnp.where(positions < length, tokens, self.pad_id), length


unpadder = Unpadder(pad_id=-1)
trim = jax.jit(unpadder.trim)


@jax.jit
def window(x, start):
    return jax.lax.dynamic_slice(x, (start,), (3,))
