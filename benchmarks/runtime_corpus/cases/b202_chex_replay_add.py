import chex
import jax
import jax.numpy as jnp


@chex.dataclass
class Buffer:
    obs: jnp.ndarray
    ptr: jnp.ndarray


def init_buffer(capacity, obs_dim):
    return Buffer(obs=jnp.zeros((capacity, obs_dim)), ptr=jnp.array(0))


@jax.jit
def add(buffer, obs):
    idx = buffer.ptr % buffer.obs.shape[0]
    buffer.obs.at[idx].set(obs)  # expect: JXP202
    return buffer.replace(ptr=buffer.ptr + 1)
