import jax
import jax.numpy as jnp


@jax.checkpoint
def residual_block(w, x, deterministic):
    h = jnp.tanh(x @ w)
    if not deterministic:  # expect: JXP401
        h = h * 0.9
    return x + h


def loss(w, x):
    return jnp.sum(residual_block(w, x, True) ** 2)


grad_fn = jax.grad(loss)
