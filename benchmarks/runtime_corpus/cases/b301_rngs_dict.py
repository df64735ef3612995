import jax
import jax.numpy as jnp


@jax.jit
def forward(params, x, rngs):
    h = x @ params["w"]
    h = jnp.where(jax.random.bernoulli(rngs["dropout"], 0.9, h.shape), h, 0.0)
    noise = jax.random.normal(rngs["dropout"], h.shape)  # expect: JXP301
    return h + 0.01 * noise
