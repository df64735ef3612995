import jax
import jax.numpy as jnp

LAYER_WIDTHS = (4, 8, 16, 8)


@jax.jit
def widest_prefix(x):
    with jax.ensure_compile_time_eval():
        widths = jnp.array(LAYER_WIDTHS)
        n = int(jnp.argmax(widths)) + 1
        wide = bool(widths.max() > 8)
    total = x
    for i in range(n):
        total = total * 2 if wide else total + i
    return total
