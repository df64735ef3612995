# expect: none
import jax
import jax.numpy as jnp

steps_done = 0


@jax.jit
def train_step(w, g):
    return w - 0.1 * g


def train(w, n):
    global steps_done
    for _ in range(n):
        w = train_step(w, jnp.ones_like(w))
        steps_done += 1
    return w
