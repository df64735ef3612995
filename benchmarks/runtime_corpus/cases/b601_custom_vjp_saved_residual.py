import jax
import jax.numpy as jnp

_saved = {}


@jax.custom_vjp
def fast_tanh(x):
    return jnp.tanh(x)


def _fwd(x):
    y = jnp.tanh(x)
    _saved["y"] = y  # expect: JXP601
    return y, None


def _bwd(_, g):
    return (g * (1.0 - _saved["y"] ** 2),)


fast_tanh.defvjp(_fwd, _bwd)


@jax.jit
def grad_fn(x):
    return jax.grad(lambda x: fast_tanh(x).sum())(x)
