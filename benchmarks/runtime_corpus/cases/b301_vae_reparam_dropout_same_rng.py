import jax
import jax.numpy as jnp


def reparameterize(rng, mu, logvar):
    eps = jax.random.normal(rng, mu.shape)
    return mu + jnp.exp(0.5 * logvar) * eps


def dropout(rng, x, rate):
    keep = jax.random.bernoulli(rng, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


class VAE:
    def __init__(self, latent):
        self.latent = latent

    def encode(self, params, x):
        h = x @ params["enc"]
        return h[:, : self.latent], h[:, self.latent :]

    def __call__(self, params, x, rng):
        mu, logvar = self.encode(params, x)
        z = reparameterize(rng, mu, logvar)
        h = dropout(rng, jnp.tanh(z @ params["dec"]), 0.1)  # expect: JXP301
        return h, mu, logvar


model = VAE(latent=2)
apply_fn = jax.jit(model.__call__)
