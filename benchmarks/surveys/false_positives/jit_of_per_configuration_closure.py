# Seen in deepmodeling/jax-fem applications/outdated/multi_scale/trainer.py:221 (JXP603 jit
# in a function called in a loop). `cross_validation` loops over three hyperparameter
# settings, writes each into a module-level `args` and calls `train_mlp_surrogate`, which
# builds the network and optimiser from `args` and jits its `update` closure, then runs a
# long training loop with it. Each call jits a different function (other widths, other
# learning rate), so one compilation per configuration is the least there can be; the
# jitted step is reused for every iteration inside the call. "jit it once, outside the
# function" cannot be done: the closure differs per call. (Written as `for width, lr in
# configs: args.width, args.lr = width, lr` the loop is not reported today; indexed
# as jax-fem writes it, it is.)
# Checked under jax 0.10.2: `python jit_of_per_configuration_closure.py` passes.
import types

import jax
import jax.numpy as jnp

args = types.SimpleNamespace(width=4, lr=0.1)
compiled = []


def make_model():
    width = args.width

    def forward(w, x):
        return jnp.tanh(x @ w[:, :width]).sum(axis=-1)

    return width, forward


def train(x, y, steps):
    width, forward = make_model()
    lr = args.lr
    w = jnp.full((x.shape[1], 8), 0.1, dtype=jnp.float32)

    def loss_fn(w, x, y):
        return jnp.mean((forward(w, x) - y) ** 2)

    @jax.jit
    def update(w, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(w, x, y)
        return w - lr * grads, loss

    for _ in range(steps):
        w, loss = update(w, x, y)
    compiled.append(update._cache_size())
    return loss


def sweep():
    x = jnp.linspace(-1.0, 1.0, 12).reshape(6, 2)
    y = jnp.sin(x[:, 0])
    widths, rates = [2, 4, 8], [0.1, 0.05, 0.02]
    losses = []
    for i in range(len(widths)):
        args.width = widths[i]
        args.lr = rates[i]
        losses.append(train(x, y, steps=50))
    return losses


losses = sweep()
assert compiled == [1, 1, 1]  # one compilation per configuration, 50 steps each
assert all(float(l) < 1.0 for l in losses)
