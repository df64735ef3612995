# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def sgd(params, grads, lr):
    params = dict(params)
    for name in params:
        params[name] = params[name] - lr * grads[name]
    return params


@jax.jit
def preprocess(batch):
    batch = {**batch}
    batch["image"] = batch["image"] / 255.0
    return batch
