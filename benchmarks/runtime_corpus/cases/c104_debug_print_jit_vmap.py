# expect: none
import jax
import jax.numpy as jnp

w = jnp.array([0.5, -0.5])


@jax.jit
@jax.vmap
def per_example_loss(x, y):
    loss = (x @ w - y) ** 2
    jax.debug.print("example loss: {}", loss)
    return loss
