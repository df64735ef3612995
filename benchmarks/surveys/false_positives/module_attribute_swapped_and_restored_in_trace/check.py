"""The jitted apply of transform.py: it swaps the layers module's callback and restores it."""
import jax
import jax.numpy as jnp

from . import layers as nn

TRACED = []


def scaled_callback(scale):
    def callback(y, name):
        TRACED.append(name)
        return y * scale

    return callback


def model(params, x):
    return nn.dense(nn.dense(x, params[0], "h1"), params[1], "h2")


def apply(fn, scale):
    def wrapped(params, x):
        old = nn.LAYER_CALLBACK
        nn.LAYER_CALLBACK = scaled_callback(scale)
        out = fn(params, x)
        nn.LAYER_CALLBACK = old
        return out

    return jax.jit(wrapped)


if __name__ == "__main__":
    params = (jnp.eye(2), jnp.eye(2))
    x = jnp.array([0.5, -0.25])
    before = nn.LAYER_CALLBACK
    step = apply(model, 2.0)
    first = step(params, x)
    second = step(params, x)  # cached: no trace, the callback's effect is in the program
    assert TRACED == ["h1", "h2"] and nn.LAYER_CALLBACK is before
    expected = jnp.tanh(jnp.tanh(x) * 2.0) * 2.0
    assert jnp.allclose(first, expected) and jnp.allclose(second, expected)
    assert jnp.allclose(model(params, x), jnp.tanh(jnp.tanh(x)))  # unscaled outside
    print("ok")
