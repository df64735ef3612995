"""Adaptive tempering for SMC with the bisection written as lax.while_loop."""
import jax
import jax.numpy as jnp


def ess(log_w):
    w = jax.nn.softmax(log_w)
    return 1.0 / jnp.sum(w ** 2)


def next_temperature(log_lik, beta, target_frac=0.5, tol=1e-3):
    n = log_lik.shape[0]

    def cond(state):
        lo, hi = state
        return hi - lo > tol

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        too_low = ess((mid - beta) * log_lik) < target_frac * n
        return jnp.where(too_low, lo, mid), jnp.where(too_low, mid, hi)

    lo, _ = jax.lax.while_loop(cond, body, (beta, jnp.ones_like(beta)))
    return lo


@jax.jit
def tempering_step(particles, beta, key):
    log_lik = -0.5 * jnp.sum((particles - 2.0) ** 2, axis=-1)
    new_beta = next_temperature(log_lik, beta)
    log_w = (new_beta - beta) * log_lik
    idx = jax.random.categorical(key, log_w, shape=(particles.shape[0],))
    return particles[idx], new_beta
