import jax
import jax.numpy as jnp


def make_loss(weight_decay):
    @jax.jit
    def loss(w, x, y):
        pred = x @ w
        return jnp.mean((pred - y) ** 2) + weight_decay * jnp.sum(w ** 2)

    return loss


def sweep(w, x, y, decays):
    out = []
    for wd in decays:
        loss = make_loss(wd)
        out.append(loss(w, x, y))
    return jnp.stack(out)
