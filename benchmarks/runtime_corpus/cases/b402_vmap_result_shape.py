import jax
import jax.numpy as jnp


def score(x):
    return jnp.sum(x ** 2)


@jax.jit
def select_top(xs):
    scores = jax.vmap(score)(xs)
    n_keep = jnp.sum(scores > 1.0)
    return jnp.sort(scores)[:n_keep]  # expect: JXP402
