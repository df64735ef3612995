import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


def forward(x, is_training):
    bn = hk.BatchNorm(create_scale=True, create_offset=True, decay_rate=0.9)
    h = bn(hk.Linear(4)(x), is_training=is_training)
    frac_dead = np.mean(np.asarray(h) <= 0)  # expect: JXP403
    hk.set_state("frac_dead", jnp.asarray(frac_dead))
    return jax.nn.relu(h)


net = hk.transform_with_state(forward)


@jax.jit
def train_forward(params, state, rng, x):
    return net.apply(params, state, rng, x, True)
