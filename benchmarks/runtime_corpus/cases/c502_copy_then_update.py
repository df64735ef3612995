# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def apply_update(state, grads):
    state = dict(state)
    state["params"] = state["params"] - 0.1 * grads
    state["step"] = state["step"] + 1
    return state
