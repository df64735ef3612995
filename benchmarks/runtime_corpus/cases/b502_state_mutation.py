import jax
import jax.numpy as jnp


@jax.jit
def apply_update(state, grads):
    state["params"] = state["params"] - 0.1 * grads  # expect: JXP502
    return jnp.sum(state["params"])
