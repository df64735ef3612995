# expect: none
import jax
import jax.numpy as jnp

target = 1.0


def loss(w):
    return (w - target) ** 2


dloss = jax.grad(loss)

g1 = dloss(0.0)
target = 3.0
g2 = dloss(0.0)
