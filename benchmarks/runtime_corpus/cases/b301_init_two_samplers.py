import jax
import jax.numpy as jnp


def init_linear(key, n_in, n_out):
    w = jax.random.normal(key, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.uniform(key, (n_out,), minval=-0.1, maxval=0.1)  # expect: JXP301
    return {"w": w, "b": b}


params = init_linear(jax.random.PRNGKey(0), 4, 4)
