import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    return hk.nets.MLP([16, 1])(x)


def evaluate(params, batches):
    losses = []
    for x, y in batches:
        net = hk.without_apply_rng(hk.transform(forward))
        pred = jax.jit(net.apply)(params, x)  # expect: JXP603
        losses.append(jnp.mean((pred - y) ** 2))
    return jnp.mean(jnp.stack(losses))
