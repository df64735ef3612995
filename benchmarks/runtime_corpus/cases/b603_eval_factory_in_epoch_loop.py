import jax
import jax.numpy as jnp


def make_eval_fn(num_classes):
    def eval_fn(params, x, y):
        logits = x @ params
        return jnp.mean(jnp.argmax(logits[:, :num_classes], -1) == y)
    return jax.jit(eval_fn)


def fit(params, x, y, epochs):
    accs = []
    for epoch in range(epochs):
        params = params * 0.99
        eval_fn = make_eval_fn(3)  # expect: JXP603
        accs.append(eval_fn(params, x, y))
    return accs
