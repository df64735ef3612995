# expect: none
import jax
import jax.numpy as jnp


def bootstrap_means(key, data, n_boot):
    keys = jax.random.split(key, n_boot)
    means = []
    for i in range(n_boot):
        idx = jax.random.randint(keys[i], (data.shape[0],), 0, data.shape[0])
        means.append(data[idx].mean())
    return jnp.stack(means)
