"""Bootstrap particle filter step using the split subkeys for move and resample."""
import jax
import jax.numpy as jnp


def transition(key, particles, q=0.3):
    return particles + q * jax.random.normal(key, particles.shape)


def log_likelihood(particles, y, r=0.5):
    return -0.5 * ((y - particles) / r) ** 2


def systematic_resample(key, log_w):
    n = log_w.shape[0]
    w = jax.nn.softmax(log_w)
    u = (jax.random.uniform(key) + jnp.arange(n)) / n
    return jnp.clip(jnp.searchsorted(jnp.cumsum(w), u), 0, n - 1)


@jax.jit
def pf_step(particles, y, key):
    k_move, k_resample = jax.random.split(key)
    particles = transition(k_move, particles)
    log_w = log_likelihood(particles, y)
    idx = systematic_resample(k_resample, log_w)
    log_evidence = jax.scipy.special.logsumexp(log_w) - jnp.log(particles.shape[0])
    return particles[idx], log_evidence


def run_filter(observations, key, n_particles=256):
    particles = jnp.zeros(n_particles)
    total = 0.0
    for t, y in enumerate(observations):
        particles, ll = pf_step(particles, y, jax.random.fold_in(key, t))
        total += ll
    return particles, total
