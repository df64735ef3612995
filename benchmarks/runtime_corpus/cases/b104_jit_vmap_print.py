# "print shows Traced<ShapedArray(float32[])> and only once"
import jax
import jax.numpy as jnp

w = jnp.array([0.5, -0.5])


@jax.jit
@jax.vmap
def per_example_loss(x, y):
    loss = (x @ w - y) ** 2
    print("example loss:", loss)  # expect: JXP104
    return loss
