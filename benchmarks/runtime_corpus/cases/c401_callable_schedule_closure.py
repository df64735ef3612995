"""SGD step factory that accepts either a constant learning rate or a schedule."""
import jax
import jax.numpy as jnp


def cosine_schedule(base, total):
    def lr(step):
        return base * 0.5 * (1.0 + jnp.cos(jnp.pi * step / total))
    return lr


def make_sgd_step(learning_rate, clip=None):
    @jax.jit
    def step(params, grads, count):
        if callable(learning_rate):
            lr = learning_rate(count)
        elif isinstance(learning_rate, (int, float)):
            lr = jnp.asarray(learning_rate, jnp.float32)
        else:
            raise TypeError(type(learning_rate))
        if clip is not None and hasattr(clip, "__float__"):
            grads = jax.tree.map(lambda g: jnp.clip(g, -clip, clip), grads)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, count + 1
    return step
