import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["x", "key"], meta_fields=["step_size"])
@dataclasses.dataclass
class LangevinState:
    x: jax.Array
    key: jax.Array
    step_size: float


def grad_log_p(x):
    return -x


@jax.jit
def langevin_step(state):
    key, noise_key = jax.random.split(state.key)
    noise = jax.random.normal(noise_key, state.x.shape)
    x = state.x + state.step_size * grad_log_p(state.x) + jnp.sqrt(2 * state.step_size) * noise
    return dataclasses.replace(state, x=x, key=key)
