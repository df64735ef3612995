import jax
import jax.numpy as jnp


def make_loss(l2):
    def loss(params, batch):
        x, y = batch
        return jnp.mean((x @ params - y) ** 2) + l2 * jnp.sum(params ** 2)

    return loss


def evaluate(params, batches, l2=1e-4):
    losses = []
    for batch in batches:
        losses.append(jax.jit(make_loss(l2))(params, batch))  # expect: JXP603
    return jnp.stack(losses)
