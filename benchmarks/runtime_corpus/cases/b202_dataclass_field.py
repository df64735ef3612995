import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class GridState:
    positions: jax.Array
    t: jax.Array


@jax.jit
def move(state, agent, delta):
    state.positions.at[agent].add(delta)  # expect: JXP202
    return dataclasses.replace(state, t=state.t + 1)
