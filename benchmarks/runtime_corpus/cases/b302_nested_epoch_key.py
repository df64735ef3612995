import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, batch, dropout_key):
    keep = jax.random.bernoulli(dropout_key, 0.8, batch.shape)
    x = jnp.where(keep, batch / 0.8, 0.0)
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return w - 0.01 * g


def train(w, batches, n_epochs, seed=0):
    root = jax.random.key(seed)
    for epoch in range(n_epochs):
        epoch_key = jax.random.fold_in(root, epoch)
        for batch in batches:
            w = train_step(w, batch, epoch_key)  # expect: JXP302
    return w
