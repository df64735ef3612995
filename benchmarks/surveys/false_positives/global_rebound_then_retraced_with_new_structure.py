# Seen in google/neural-tangents notebooks/neural_tangents_cookbook.ipynb cell 49 (two JXP101,
# a notebook). Cell 49 builds `loss = jit(lambda params, x, y: ... apply_fn(params, x) ...)`
# and `grad_loss = jit(lambda state, x, y: grad(loss)(get_params(state), x, y))` once; an
# unjitted `train_network(key)` (init_fn, opt_init, a loop of loss/grad_loss/opt_update) runs
# them, alone and under `vmap`. Cell 66 rebinds `init_fn, apply_fn, kernel_fn` to a ResNet and
# cell 68 rebinds `opt_init, opt_update, get_params` to a new SGD, then runs
# `vmap(train_network)` again. The notebook is right: the old `loss` and `grad_loss` retrace and
# read the new `apply_fn` and `get_params`.
#
# Why, under JAX: ONLY because the ResNet's parameters have another tree structure, so the
# jitted functions miss their trace cache (keyed by the arguments' tree structure, shapes and
# dtypes; under vmap by the per-example avals) and trace again. Nothing is re-created:
# `loss` and `grad_loss` are one jit object each, built once at module level; vmap traces
# `train_network` on every call, but that re-runs only train_network's own Python, while the
# reads inside the jitted lambdas happen only when those are traced. Checked: rebinding to a
# network of the same structure (the MLP with another output scale) instead gives no retrace
# and the old apply_fn: the first-step loss through `loss` is 0.000107 against 1862.8 computed
# directly with the new network. (The stale `get_params` would be harmless here for another
# reason: both are from `optimizers.sgd(0.1)`, which returns the parameters unchanged.)
#
# Cannot be taught: the analysis would have to know that the argument passed to the jitted
# function has another pytree structure after the rebinding, which depends on what
# `stax.serial(...)` builds (here: from the layers given); a rebinding to a network of the same
# structure is a real stale read, and the code looks the same. Left as a reproduction; the two
# findings stay (the lines of `loss` and `grad_loss` below).
# Checked under jax 0.10.2: `python global_rebound_then_retraced_with_new_structure.py` passes.
import jax.numpy as jnp
from jax import grad, jit, random, vmap
from jax.example_libraries import optimizers


def mlp():
    def init_fn(key, shape):
        k1, k2 = random.split(key)
        return (-1, 1), [random.normal(k1, (1, 8)), random.normal(k2, (8, 1))]

    def apply_fn(params, x):
        w1, w2 = params
        return jnp.tanh(x @ w1) @ w2

    return init_fn, apply_fn


def resnet():
    def init_fn(key, shape):
        k1, k2, k3 = random.split(key, 3)
        block = (random.normal(k2, (8, 8)), ())
        return (-1, 1), ((random.normal(k1, (1, 8)),), block, random.normal(k3, (8, 1)))

    def apply_fn(params, x):
        (w1,), (w2, _), w3 = params
        h = x @ w1
        h = h + jnp.tanh(h) @ w2
        return jnp.tanh(h) @ w3

    return init_fn, apply_fn


xs = jnp.linspace(-1, 1, 5).reshape(5, 1)
train = (xs, jnp.sin(xs))
training_steps = 3

init_fn, apply_fn = mlp()
apply_fn = jit(apply_fn)
opt_init, opt_update, get_params = optimizers.sgd(0.1)
opt_update = jit(opt_update)

loss = jit(lambda params, x, y: 0.5 * jnp.mean((apply_fn(params, x) - y) ** 2))
grad_loss = jit(lambda state, x, y: grad(loss)(get_params(state), x, y))


def train_network(key):
    _, params = init_fn(key, (-1, 1))
    opt_state = opt_init(params)
    train_losses = []
    for i in range(training_steps):
        train_losses += [jnp.reshape(loss(get_params(opt_state), *train), (1,))]
        opt_state = opt_update(i, grad_loss(opt_state, *train), opt_state)
    return get_params(opt_state), jnp.concatenate(train_losses)


key = random.PRNGKey(10)
params, train_loss = train_network(key)
ensemble_key = random.split(random.PRNGKey(11), 4)
params, train_loss = vmap(train_network)(ensemble_key)

init_fn, apply_fn = resnet()
apply_fn = jit(apply_fn)
opt_init, opt_update, get_params = optimizers.sgd(0.1)
opt_update = jit(opt_update)
params, train_loss = vmap(train_network)(ensemble_key)


if __name__ == "__main__":
    # The first-step loss through the old jitted `loss` is the ResNet's loss.
    _, first = init_fn(ensemble_key[0], (-1, 1))
    direct = 0.5 * jnp.mean((apply_fn(first, xs) - train[1]) ** 2)
    assert jnp.allclose(train_loss[0, 0], direct), (train_loss[0, 0], direct)
    assert len(params) == 3 and len(params[0]) == 1
    print("ok")
