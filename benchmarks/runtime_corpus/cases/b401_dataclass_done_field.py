import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class EnvState:
    pos: jax.Array
    done: jax.Array


def reset():
    return EnvState(pos=jnp.zeros(2), done=jnp.array(False))


@jax.jit
def step(state, action):
    if state.done:  # expect: JXP401
        return reset()
    pos = state.pos + action
    return EnvState(pos=pos, done=jnp.linalg.norm(pos) > 5.0)
