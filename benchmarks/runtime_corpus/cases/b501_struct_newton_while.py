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
        x = 0.5 * (s.x + a / s.x)
        return (x, s.i + 1)  # expect: JXP501

    init = SolverState(x=a, i=jnp.array(0))
    return jax.lax.while_loop(cond, body, init).x
