"""Running mean/variance over a sequence with lax.scan (Welford)."""
import jax
import jax.numpy as jnp


def running_moments(xs):
    def body(carry, x):
        n, mean, m2 = carry
        n = n + 1
        delta = x - mean
        mean = mean + delta / n
        m2 = m2 + delta * (x - mean)
        return [n, mean, m2], mean  # expect: JXP501

    init = (jnp.zeros(()), jnp.zeros(xs.shape[1:]), jnp.zeros(xs.shape[1:]))
    (n, mean, m2), means = jax.lax.scan(body, init, xs)
    return mean, m2 / n, means
