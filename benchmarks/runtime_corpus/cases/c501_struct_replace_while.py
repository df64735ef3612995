# expect: none
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class SolverState:
    x: jnp.ndarray
    i: jnp.ndarray


def newton_sqrt(a):
    def cond(s):
        return s.i < 10

    def body(s):
        return s.replace(x=0.5 * (s.x + a / s.x), i=s.i + 1)

    return jax.lax.while_loop(cond, body, SolverState(x=a, i=jnp.array(0))).x
