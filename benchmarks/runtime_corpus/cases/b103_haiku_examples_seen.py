import haiku as hk
import jax
import jax.numpy as jnp

EXAMPLES_SEEN = []


def forward(x):
    EXAMPLES_SEEN.append(x.shape[0])  # expect: JXP103
    mlp = hk.nets.MLP([16, 2])
    return mlp(x)


net = hk.without_apply_rng(hk.transform(forward))
apply_fn = jax.jit(net.apply)


def total_examples():
    return sum(EXAMPLES_SEEN)
