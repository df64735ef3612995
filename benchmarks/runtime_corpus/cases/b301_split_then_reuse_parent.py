"""VAE forward pass: split the key for the two draws... then draw from the parent."""
import jax
import jax.numpy as jnp


def vae_sample(key, mu, log_var, decoder_w):
    enc_key, dec_key = jax.random.split(key)
    eps = jax.random.normal(enc_key, mu.shape)
    z = mu + jnp.exp(0.5 * log_var) * eps
    logits = z @ decoder_w
    x_hat = jax.random.bernoulli(dec_key, jax.nn.sigmoid(logits))
    dropout = jax.random.bernoulli(key, 0.9, z.shape)  # expect: JXP301
    return x_hat, z * dropout, eps
