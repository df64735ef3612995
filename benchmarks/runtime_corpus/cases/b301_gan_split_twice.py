import jax
import jax.numpy as jnp

LATENT = 4


def generator(g_params, z):
    return jnp.tanh(z @ g_params)


def discriminator(d_params, x):
    return jax.nn.sigmoid(x @ d_params)


def gan_step(g_params, d_params, real, key):
    batch = real.shape[0]
    d_key, _ = jax.random.split(key)
    z_d = jax.random.normal(d_key, (batch, LATENT))
    fake_d = generator(g_params, z_d)
    d_loss = -jnp.mean(jnp.log(discriminator(d_params, real)) + jnp.log(1 - discriminator(d_params, fake_d)))

    g_key, _ = jax.random.split(key)  # expect: JXP301
    z_g = jax.random.normal(g_key, (batch, LATENT))
    g_loss = -jnp.mean(jnp.log(discriminator(d_params, generator(g_params, z_g))))
    return d_loss, g_loss, z_d, z_g


gan_step_jit = jax.jit(gan_step)
