"""Karras-style Euler sampler for a toy denoiser, with a configurable noise schedule."""
import jax
import jax.numpy as jnp

SIGMAS = [80.0, 20.0, 5.0, 1.0]


def karras_sigmas(n, sigma_min=0.002, sigma_max=80.0, rho=7.0):
    ramp = jnp.linspace(0, 1, n)
    lo, hi = sigma_min ** (1 / rho), sigma_max ** (1 / rho)
    return [float(s) for s in (hi + ramp * (lo - hi)) ** rho]


def set_schedule(n):
    SIGMAS[:] = karras_sigmas(n)


def denoiser(x, sigma):
    return x / (1.0 + sigma ** 2)


@jax.jit
def euler_sample(x):
    sigmas = SIGMAS + [0.0]  # expect: JXP101
    for s_cur, s_next in zip(sigmas[:-1], sigmas[1:]):
        d = (x - denoiser(x, s_cur)) / s_cur
        x = x + (s_next - s_cur) * d
    return x


def sample_batch(key, shape):
    x = jax.random.normal(key, shape) * SIGMAS[0]
    return euler_sample(x)
