import jax
import jax.numpy as jnp


def bootstrap_means(key, data, n_boot=8):
    n = data.shape[0]
    idxs = [jax.random.randint(jax.random.fold_in(key, b), (n,), 0, n) for b in range(n_boot)]
    return jnp.stack([data[i].mean() for i in idxs])
