# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def promote(x):
    if jnp.ndim(x) == 0:
        x = x[None]
    if jnp.shape(x)[0] > 1 and jnp.size(x) > 2:
        x = x[:2]
    if jnp.iscomplexobj(x) or x.dtype.kind == "i":
        x = x.astype(jnp.float32)
    if jnp.finfo(x.dtype).bits == 16:
        x = x.astype(jnp.float32)
    return x
