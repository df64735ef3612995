import jax
import jax.numpy as jnp
import numpy as np

reward_table = np.zeros((4, 2), np.float32)


def _lookup_reward(state, action):
    return reward_table[np.asarray(state), np.asarray(action)]


@jax.jit
def env_reward(state, action):
    spec = jax.ShapeDtypeStruct(state.shape, jnp.float32)
    return jax.pure_callback(_lookup_reward, spec, state, action, vmap_method="expand_dims")


def load_task(table):
    global reward_table
    reward_table = np.asarray(table, np.float32)
