import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class State:
    obs: jax.Array
    done: bool


jax.tree_util.register_dataclass(State, data_fields=["obs", "done"], meta_fields=[])


@jax.jit
def step(state):
    if state.done:  # expect: JXP401
        return state
    return State(state.obs + 1.0, False)
