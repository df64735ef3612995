import jax
import jax.numpy as jnp


def describe(x):
    values = x.tolist()  # expect: JXP403
    return jnp.asarray(sorted(values))


describe_all = jax.vmap(describe)
