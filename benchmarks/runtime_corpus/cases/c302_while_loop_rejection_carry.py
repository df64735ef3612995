import jax
import jax.numpy as jnp


def _sample_truncated(key, lo):
    def cond(carry):
        _, x, _ = carry
        return x < lo

    def body(carry):
        key, _, n = carry
        key, sub = jax.random.split(key)
        return key, jax.random.normal(sub), n + 1

    key, x, n = jax.lax.while_loop(cond, body, (key, -jnp.inf, 0))
    return x, n


sample_truncated = jax.jit(_sample_truncated)
