"""Broken twin of shared_params.py: Python needs concrete ints from traced values.

What goes wrong at runtime: inside `jax.vmap` (and `jax.jit`) the length and the
logits are tracers with no single concrete value.
- `range(example["length"])` raises `TracerIntegerConversionError`.
- `int(...)` on the traced argmax raises `ConcretizationTypeError`.
Fix: mask the padding (see shared_params.py) and return the array; convert to
Python ints outside the transformed function.
"""

import jax
import jax.numpy as jnp


def mean_embedding(params, example):
    tokens = example["tokens"]
    total = jnp.zeros(params["embed"].shape[1])
    for i in range(example["length"]):  # JXP402
        total = total + params["embed"][tokens[i]]
    return total / example["length"]


def classify(params, example):
    logits = params["head"] @ mean_embedding(params, example)
    return int(jnp.argmax(logits))  # JXP403


classify_batch = jax.jit(jax.vmap(classify, in_axes=(None, 0)))


if __name__ == "__main__":
    embed_key, head_key = jax.random.split(jax.random.key(0))
    params = {
        "embed": jax.random.normal(embed_key, (10, 4)),
        "head": jax.random.normal(head_key, (3, 4)),
    }
    batch = {
        "tokens": jnp.array([[1, 2, 3, 0], [4, 5, 0, 0], [6, 7, 8, 9]]),
        "length": jnp.array([3, 2, 4]),
    }
    print("classes:", classify_batch(params, batch).tolist())
