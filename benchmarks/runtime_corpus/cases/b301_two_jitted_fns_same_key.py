"""GAN setup: initialise the generator and draw the latent batch."""
import jax
import jax.numpy as jnp

LATENT = 8


@jax.jit
def init_generator(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (LATENT, 16)) * 0.1,
            "w2": jax.random.normal(k2, (16, 4)) * 0.1}


@jax.jit
def sample_latents(key):
    return jax.random.normal(key, (32, LATENT))


def generate(params, z):
    return jnp.tanh(jnp.tanh(z @ params["w1"]) @ params["w2"])


def setup(seed):
    key = jax.random.PRNGKey(seed)
    params = init_generator(key)
    z = sample_latents(key)  # expect: JXP301
    return params, z
