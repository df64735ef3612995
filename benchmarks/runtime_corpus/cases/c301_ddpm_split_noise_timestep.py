"""DDPM training step: split the key for timesteps and noise."""
import jax
import jax.numpy as jnp
import optax

T = 1000
BETAS = jnp.linspace(1e-4, 0.02, T)
ALPHA_BARS = jnp.cumprod(1.0 - BETAS)
optimizer = optax.adam(1e-3)


def eps_model(params, x_t, t):
    temb = jnp.sin(t[:, None] * params["freq"])
    return jnp.tanh(x_t @ params["w"] + temb @ params["wt"])


def diffusion_loss(params, x0, key):
    k_t, k_noise = jax.random.split(key)
    t = jax.random.randint(k_t, (x0.shape[0],), 0, T)
    noise = jax.random.normal(k_noise, x0.shape)
    ab = ALPHA_BARS[t][:, None]
    x_t = jnp.sqrt(ab) * x0 + jnp.sqrt(1.0 - ab) * noise
    return jnp.mean((eps_model(params, x_t, t.astype(jnp.float32)) - noise) ** 2)


@jax.jit
def train_step(params, opt_state, x0, key):
    loss, grads = jax.value_and_grad(diffusion_loss)(params, x0, key)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def init(key, dim, hidden=16):
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w": jax.random.normal(k1, (dim, dim)) * 0.1,
              "wt": jax.random.normal(k2, (hidden, dim)) * 0.1,
              "freq": jax.random.uniform(k3, (hidden,))}
    return params, optimizer.init(params)
