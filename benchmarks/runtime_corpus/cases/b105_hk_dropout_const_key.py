import haiku as hk
import jax
import jax.numpy as jnp


def forward(x, is_training):
    h = jax.nn.relu(hk.Linear(32)(x))
    if is_training:
        h = hk.dropout(jax.random.PRNGKey(0), 0.5, h)  # expect: JXP105
    return hk.Linear(1)(h)


net = hk.transform(forward)


@jax.jit
def train_forward(params, rng, x):
    return net.apply(params, rng, x, is_training=True)
