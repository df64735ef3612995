# expect: none
# The fix: return the activations as auxiliary output.
import jax
import jax.numpy as jnp

activations = {}


def mlp(params, x):
    h = jax.nn.relu(x @ params["w1"])
    return h @ params["w2"], {"hidden": h}


def loss(params, x, y):
    pred, acts = mlp(params, x)
    return jnp.mean((pred - y) ** 2), acts


loss_and_grad = jax.jit(jax.value_and_grad(loss, has_aux=True))


def train_step(params, x, y):
    (l, acts), grads = loss_and_grad(params, x, y)
    activations.update(acts)
    return l, grads
