# Seen in google/neural-tangents notebooks/neural_tangents_cookbook.ipynb cell 49, lines 1-2
# (JXP101 on `apply_fn` and `get_params`). The notebook jits `loss` and `grad_loss`, which
# read the globals `apply_fn` and `get_params`, trains an ensemble, then rebinds `apply_fn`
# to a ResNet (and `get_params` to a new SGD's) and trains again through the same jitted
# functions. The ResNet's parameters have another pytree structure, so every call after the
# rebinding misses the jit cache and retraces, reading the new `apply_fn`: the second
# training uses the second network, as intended. (It holds only because the structure
# changes; a rebinding to a network with the same parameter tree would reuse the stale
# trace. The analysis cannot see that the structure changes.)
# Checked under jax 0.10.2: `python global_rebound_then_retraced_with_new_structure.py`.
import jax
import jax.numpy as jnp


def dense(params, x):
    return x @ params["w"]


def residual(params, x):
    return x @ params["w1"] + jnp.tanh(x @ params["w2"])


apply_fn = jax.jit(dense)
loss = jax.jit(lambda params, x, y: jnp.mean((apply_fn(params, x) - y) ** 2))

x = jnp.ones((4, 2))
y = jnp.zeros((4, 3))
first = loss({"w": jnp.ones((2, 3))}, x, y)

apply_fn = jax.jit(residual)
second = loss({"w1": jnp.ones((2, 3)), "w2": jnp.zeros((2, 3))}, x, y)

assert float(first) == 4.0 and float(second) == 4.0
assert float(loss({"w1": jnp.ones((2, 3)), "w2": jnp.ones((2, 3))}, x, y)) > 4.0  # the residual net
