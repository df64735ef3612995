import jax
import jax.numpy as jnp


def per_example_loss(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


def masked_losses(params, xs, ys, padding_rows):
    losses = jax.vmap(per_example_loss, in_axes=(None, 0, 0))(params, xs, ys)
    for r in padding_rows:
        losses[r] = 0.0  # expect: JXP201
    return losses
