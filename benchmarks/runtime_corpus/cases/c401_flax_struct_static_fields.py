# expect: none
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class OptState:
    step: jnp.ndarray
    mu: jnp.ndarray
    nesterov: bool = struct.field(pytree_node=False, default=False)
    clip_norm: float = struct.field(pytree_node=False, default=0.0)


@jax.jit
def apply_update(params, grads, state):
    if state.clip_norm > 0:
        norm = jnp.linalg.norm(grads)
        grads = grads * jnp.minimum(1.0, state.clip_norm / (norm + 1e-9))
    mu = 0.9 * state.mu + grads
    direction = grads + 0.9 * mu if state.nesterov else mu
    return params - 0.01 * direction, state.replace(step=state.step + 1, mu=mu)


def init(params, nesterov=True):
    return OptState(step=jnp.zeros((), jnp.int32), mu=jnp.zeros_like(params), nesterov=nesterov, clip_norm=1.0)
