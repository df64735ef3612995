"""Adaptive tempering for SMC: bisect the next inverse temperature to hit a target ESS."""
import jax
import jax.numpy as jnp


def ess(log_w):
    w = jax.nn.softmax(log_w)
    return 1.0 / jnp.sum(w ** 2)


def next_temperature(log_lik, beta, target_frac=0.5, tol=1e-3):
    n = log_lik.shape[0]
    lo, hi = beta, 1.0
    while hi - lo > tol:  # expect: JXP401
        mid = 0.5 * (lo + hi)
        too_low = ess((mid - beta) * log_lik) < target_frac * n
        lo, hi = jnp.where(too_low, lo, mid), jnp.where(too_low, mid, hi)
    return lo


@jax.jit
def tempering_step(particles, beta, key):
    log_lik = -0.5 * jnp.sum((particles - 2.0) ** 2, axis=-1)
    new_beta = next_temperature(log_lik, beta)
    log_w = (new_beta - beta) * log_lik
    idx = jax.random.categorical(key, log_w, shape=(particles.shape[0],))
    return particles[idx], new_beta
