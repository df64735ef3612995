# expect: none
import haiku as hk
import jax
import jax.numpy as jnp


def augment(x):
    shift = jax.random.normal(hk.next_rng_key(), x.shape)
    mask = jax.random.bernoulli(hk.next_rng_key(), 0.5, x.shape)
    return jnp.where(mask, x + shift, x)


aug = hk.transform(augment)
