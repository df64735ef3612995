# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, key, batch):
    keep = jax.random.bernoulli(key, 0.8, batch.shape)
    return params - 0.01 * jnp.mean(jnp.where(keep, batch, 0.0), axis=0)


def train(params, batches):
    base = jax.random.key(0)
    for step, batch in enumerate(batches):
        params = train_step(params, jax.random.fold_in(base, step), batch)
    return params
