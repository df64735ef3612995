import jax
import jax.numpy as jnp


def sample_positive(key, max_iter=20):
    def cond(c):
        x, i = c
        return (x <= 0) & (i < max_iter)

    def body(c):
        x, i = c
        x = jax.random.normal(key)  # expect: JXP302
        return x, i + 1

    return jax.lax.while_loop(cond, body, (jnp.float32(-1.0), 0))
