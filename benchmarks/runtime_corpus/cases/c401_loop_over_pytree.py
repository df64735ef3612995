# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def global_norm(grads):
    total = 0.0
    for name, g in grads.items():
        if name.startswith("bias"):
            continue
        total = total + jnp.sum(g ** 2)
    for row in grads["w"]:
        total = total + 0.0 * row.sum()
    return jnp.sqrt(total)
