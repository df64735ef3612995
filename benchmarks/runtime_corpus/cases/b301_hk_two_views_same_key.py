import haiku as hk
import jax
import jax.numpy as jnp


def simclr_views(x):
    """Two noisy, randomly-masked views of the same batch for a contrastive loss."""
    key = hk.next_rng_key()
    view1 = x + 0.1 * jax.random.normal(key, x.shape)
    view2 = x + 0.1 * jax.random.normal(key, x.shape)  # expect: JXP301
    enc = hk.nets.MLP([16, 8])
    return enc(view1), enc(view2)


views = hk.transform(simclr_views)
