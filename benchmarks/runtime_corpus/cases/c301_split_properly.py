# expect: none
import jax
import jax.numpy as jnp


def init_params(key, sizes):
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        key, w_key, b_key = jax.random.split(key, 3)
        params.append((jax.random.normal(w_key, (n_in, n_out)), jax.random.normal(b_key, (n_out,))))
    return params


params = init_params(jax.random.PRNGKey(0), [3, 4, 2])
