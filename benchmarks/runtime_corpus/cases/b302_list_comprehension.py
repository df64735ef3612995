import jax
import jax.numpy as jnp


def ensemble_init(key, n_members, dim):
    return [jax.random.normal(key, (dim, dim)) for _ in range(n_members)]  # expect: JXP302
