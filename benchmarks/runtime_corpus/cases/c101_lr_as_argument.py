# expect: none
import jax
import jax.numpy as jnp

lr = 0.1


@jax.jit
def sgd(w, g, lr):
    return w - lr * g


w = jnp.ones(3)
for epoch in range(3):
    w = sgd(w, jnp.ones(3), lr)
    lr = lr * 0.5
