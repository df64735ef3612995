import jax
import jax.numpy as jnp


def loss_fn(params, x):
    out = jnp.tanh(x @ params)
    loss = jnp.mean(out ** 2)
    print("loss", loss)  # expect: JXP104
    return loss


@jax.jit
def update(params, x):
    loss, grads = jax.value_and_grad(loss_fn)(params, x)
    return params - 0.1 * grads, loss
