import jax
import jax.numpy as jnp


@jax.jit
def mlp_forward(params, x, dropout_key):
    h = jax.nn.relu(x @ params["w1"])
    keep1 = jax.random.bernoulli(dropout_key, 0.9, h.shape)
    h = jnp.where(keep1, h / 0.9, 0.0)
    h = jax.nn.relu(h @ params["w2"])
    keep2 = jax.random.bernoulli(dropout_key, 0.9, h.shape)  # expect: JXP301
    return jnp.where(keep2, h / 0.9, 0.0)
