import jax
import jax.numpy as jnp

T = 100
betas = jnp.linspace(1e-4, 0.02, T)
alphas_cumprod = jnp.cumprod(1.0 - betas)


def set_schedule(kind):
    global betas, alphas_cumprod
    if kind == "cosine":
        s = 0.008
        t = jnp.arange(T + 1) / T
        f = jnp.cos((t + s) / (1 + s) * jnp.pi / 2) ** 2
        alphas_cumprod = (f[1:] / f[0]).clip(1e-5, 1.0)
        betas = 1.0 - alphas_cumprod / jnp.concatenate([jnp.ones(1), alphas_cumprod[:-1]])
    else:
        betas = jnp.linspace(1e-4, 0.02, T)
        alphas_cumprod = jnp.cumprod(1.0 - betas)


@jax.jit
def q_sample(x0, t, noise):
    abar = alphas_cumprod[t]  # expect: JXP101
    return jnp.sqrt(abar)[:, None] * x0 + jnp.sqrt(1.0 - abar)[:, None] * noise


def diffusion_loss(denoise_fn, x0, key):
    k_t, k_n = jax.random.split(key)
    t = jax.random.randint(k_t, (x0.shape[0],), 0, T)
    noise = jax.random.normal(k_n, x0.shape)
    xt = q_sample(x0, t, noise)
    return jnp.mean((denoise_fn(xt, t) - noise) ** 2)
