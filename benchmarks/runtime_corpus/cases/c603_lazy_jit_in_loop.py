# expect: none
import jax
import jax.numpy as jnp


def loss(params, batch):
    return jnp.mean((batch @ params) ** 2)


def evaluate(params, batches):
    eval_fn = None
    out = []
    for batch in batches:
        if eval_fn is None:
            eval_fn = jax.jit(loss)
        out.append(eval_fn(params, batch))
    return out
