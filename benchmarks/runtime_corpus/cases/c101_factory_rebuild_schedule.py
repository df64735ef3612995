import jax
import jax.numpy as jnp

T = 50


def make_q_sample(betas):
    alphas_cumprod = jnp.cumprod(1.0 - betas)

    @jax.jit
    def q_sample(x0, t, noise):
        abar = alphas_cumprod[t]
        return jnp.sqrt(abar)[:, None] * x0 + jnp.sqrt(1.0 - abar)[:, None] * noise

    return q_sample


q_sample = make_q_sample(jnp.linspace(1e-4, 0.02, T))


def use_schedule(betas):
    global q_sample
    q_sample = make_q_sample(betas)
