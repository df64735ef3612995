# PyTorch-style forward hook: keep the hidden activations for plotting.
import jax
import jax.numpy as jnp

activations = {}


def mlp(params, x):
    h = jax.nn.relu(x @ params["w1"])
    activations["hidden"] = h  # expect: JXP601
    return h @ params["w2"]


def loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


loss_and_grad = jax.jit(jax.value_and_grad(loss))
