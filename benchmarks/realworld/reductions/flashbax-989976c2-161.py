"""Python `all()` over traced flags in a buffer function that users jit.

Reduces flashbax-989976c2-161: `can_sample` functions are jitted by the buffer's users;
`all()` asks for the truth value of each traced boolean.
"""
import jax.numpy as jnp
from jax.tree_util import tree_map


def can_sample_mixer_fn(states, can_sample_fns):
    each_can_sample = tree_map(lambda state, can_sample: can_sample(state), states, can_sample_fns)
    return all(each_can_sample)  # JXP401


def can_sample_fn(state):
    return jnp.asarray(state["current_index"] > 0)
