# expect: none
import jax
import jax.numpy as jnp


def _sgd(g):
    jax.debug.print("using sgd update")
    return -0.1 * g


def _sign(g):
    jax.debug.print("using sign update")
    return -0.01 * jnp.sign(g)


@jax.jit
def update(which, g):
    return jax.lax.switch(which, [_sgd, _sign], g)
