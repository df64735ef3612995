# expect: none
import jax
import jax.numpy as jnp


def moments(xs, order=3):
    def body(carry, x):
        count, *sums = carry
        return (count + 1, *[s + x ** (k + 1) for k, s in enumerate(sums)]), None

    init = (jnp.zeros(()), *[jnp.zeros(()) for _ in range(order)])
    (count, *sums), _ = jax.lax.scan(body, init, xs)
    return [s / count for s in sums]
