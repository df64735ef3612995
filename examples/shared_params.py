"""Shared parameters, per-example data: `jax.vmap(classify, in_axes=(None, 0))`.

`params` is broadcast to every example (axis None); the examples are batched on
axis 0. Each example is a padded token sequence plus its true length. Sequence
lengths differ, but shapes must not, so the padding is masked out arithmetically:
the loop bound and array shapes come from `.shape`, never from the traced length.
"""

import jax
import jax.numpy as jnp


def mean_embedding(params, example):
    tokens, length = example["tokens"], example["length"]
    mask = jnp.arange(tokens.shape[0]) < length
    vectors = params["embed"][tokens]
    return jnp.sum(vectors * mask[:, None], axis=0) / length


def classify(params, example):
    logits = params["head"] @ mean_embedding(params, example)
    return jnp.argmax(logits)


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
