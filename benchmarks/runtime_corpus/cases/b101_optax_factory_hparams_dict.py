import jax
import jax.numpy as jnp


def sgd(hparams):
    @jax.jit
    def update(params, grads):
        return jax.tree.map(lambda p, g: p - hparams["learning_rate"] * g, params, grads)  # expect: JXP101

    return update


def fit(params, grads, epochs):
    hparams = {"learning_rate": 0.1}
    update = sgd(hparams)
    for epoch in range(epochs):
        params = update(params, grads)
        hparams["learning_rate"] = hparams["learning_rate"] * 0.5
    return params
