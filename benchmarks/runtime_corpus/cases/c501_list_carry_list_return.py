# expect: none
import jax
import jax.numpy as jnp


def running_stats(xs):
    def body(i, carry):
        s, sq = carry
        return [s + xs[i], sq + xs[i] ** 2]

    init = [jnp.zeros(()), jnp.zeros(())]
    s, sq = jax.lax.fori_loop(0, xs.shape[0], body, init)
    n = xs.shape[0]
    return s / n, sq / n - (s / n) ** 2
