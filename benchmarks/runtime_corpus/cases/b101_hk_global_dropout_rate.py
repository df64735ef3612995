import haiku as hk
import jax
import jax.numpy as jnp

dropout_rate = 0.5


def forward(x):
    h = jax.nn.relu(hk.Linear(64)(x))
    h = hk.dropout(hk.next_rng_key(), dropout_rate, h)  # expect: JXP101
    return hk.Linear(1)(h)


net = hk.transform(forward)
train_apply = jax.jit(net.apply)


def anneal_dropout(epoch):
    global dropout_rate
    dropout_rate = max(0.0, 0.5 - 0.1 * epoch)
