"""Diffusion loss that derives its noise and timestep keys with fold_in salts."""
import jax
import jax.numpy as jnp

NOISE_SALT = 0
TIME_SALT = 0  # copy-pasted; should differ from NOISE_SALT


def diffusion_loss(params, key, x0, num_steps=1000):
    noise = jax.random.normal(jax.random.fold_in(key, NOISE_SALT), x0.shape)
    u = jax.random.normal(jax.random.fold_in(key, TIME_SALT), x0.shape)  # expect: JXP301
    t = jnp.clip((jnp.abs(u[..., 0]) * num_steps / 3).astype(jnp.int32), 0, num_steps - 1)
    alpha = jnp.cos(0.5 * jnp.pi * t / num_steps)[..., None]
    xt = alpha * x0 + jnp.sqrt(1 - alpha ** 2) * noise
    pred = xt @ params
    return jnp.mean((pred - noise) ** 2), noise, u
