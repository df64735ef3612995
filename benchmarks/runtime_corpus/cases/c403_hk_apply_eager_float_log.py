import haiku as hk
import jax
import jax.numpy as jnp


def forward(x):
    h = hk.Linear(8)(x)
    act_scale = float(jnp.abs(h).mean())
    if act_scale > 100.0:
        print(f"warning: large activations {act_scale:.1f}")
    return hk.Linear(1)(jax.nn.relu(h))


net = hk.without_apply_rng(hk.transform(forward))


def inspect(params, x):
    return net.apply(params, x)
