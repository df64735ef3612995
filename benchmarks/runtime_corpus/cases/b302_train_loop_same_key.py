import jax
import jax.numpy as jnp


@jax.jit
def train_step(params, key, batch):
    keep = jax.random.bernoulli(key, 0.8, batch.shape)
    x = jnp.where(keep, batch / 0.8, 0.0)
    grads = jax.grad(lambda p: jnp.mean((x @ p) ** 2))(params)
    return params - 0.01 * grads


def train(params, batches, seed=0):
    key = jax.random.PRNGKey(seed)
    for batch in batches:
        params = train_step(params, key, batch)  # expect: JXP302
    return params
