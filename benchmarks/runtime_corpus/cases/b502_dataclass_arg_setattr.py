import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainState:
    params: jax.Array
    step: jax.Array


@jax.jit
def train_step(state, grads):
    state.step = state.step + 1  # expect: JXP502
    return state.params - 0.1 * grads
