# expect: none
import jax
import jax.numpy as jnp


class EnvState:
    def __init__(self, obs, done):
        self.obs = obs
        self.done = done


jax.tree_util.register_pytree_node(
    EnvState,
    lambda s: ((s.obs,), s.done),
    lambda done, children: EnvState(children[0], done),
)


@jax.jit
def step(state):
    if state.done:
        return EnvState(state.obs, True)
    return EnvState(state.obs + 1.0, False)
