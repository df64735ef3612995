# expect: none
import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.default_rng(0)


def make_batch(n):
    return jnp.asarray(rng.normal(size=(n, 2)), dtype=jnp.float32)


@jax.jit
def predict(w, x):
    return x @ w


batches = [make_batch(4) for _ in range(3)]
preds = [predict(jnp.ones(2), b) for b in batches]
