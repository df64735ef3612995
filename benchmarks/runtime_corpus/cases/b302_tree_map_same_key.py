import jax
import jax.numpy as jnp


def perturb_params(params, key, sigma=0.02):
    # evolution-strategies style perturbation of every leaf
    return jax.tree.map(lambda p: p + sigma * jax.random.normal(key, p.shape), params)  # expect: JXP302
