import jax
import jax.numpy as jnp


def fit(w, batches, lr=0.1):
    small_batches = []

    @jax.jit
    def step(w, x):
        if x.shape[0] < 4:
            small_batches.append(x.shape[0])  # expect: JXP103
        g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
        return w - lr * g

    for x in batches:
        w = step(w, x)
    return w, len(small_batches)
