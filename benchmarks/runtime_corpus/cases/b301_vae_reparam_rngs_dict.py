"""VAE training step with separate RNG streams for the sampling and dropout."""
import jax
import jax.numpy as jnp
import optax

optimizer = optax.adam(1e-3)


def encoder(params, x):
    h = jax.nn.relu(x @ params["enc"])
    return h @ params["mu"], h @ params["logvar"]


def decoder(params, z, rng, rate=0.1):
    h = jax.nn.relu(z @ params["dec1"])
    keep = jax.random.bernoulli(rng, 1.0 - rate, h.shape)
    h = jnp.where(keep, h / (1.0 - rate), 0.0)
    return h @ params["dec2"]


def elbo_loss(params, x, rng):
    rngs = {"sample": rng, "dropout": rng}
    mu, logvar = encoder(params, x)
    z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(rngs["sample"], mu.shape)
    recon = decoder(params, z, rngs["dropout"])  # expect: JXP301
    kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar), axis=-1)
    return jnp.mean(jnp.sum((recon - x) ** 2, axis=-1) + kl)


@jax.jit
def train_step(params, opt_state, x, rng):
    loss, grads = jax.value_and_grad(elbo_loss)(params, x, rng)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
