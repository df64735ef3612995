"""Transformer-ish train step with optional per-parameter gradient zeroing of the padding embedding."""
from functools import partial

import jax
import jax.numpy as jnp
import optax

PAD_ID = 0
optimizer = optax.sgd(0.5)


def model(params, tokens):
    emb = params["embed"][tokens]
    h = jnp.tanh(emb.mean(axis=1) @ params["proj"])
    return h @ params["out"]


def loss_fn(params, tokens, labels):
    logits = model(params, tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@partial(jax.jit, static_argnames="freeze_pad")
def train_step(params, opt_state, tokens, labels, freeze_pad=True):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens, labels)
    if freeze_pad:
        grads["embed"].at[PAD_ID].set(0.0)  # expect: JXP202
    updates, opt_state = optimizer.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


def init(key, vocab=10, dim=4, n_cls=3):
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"embed": jax.random.normal(k1, (vocab, dim)),
              "proj": jax.random.normal(k2, (dim, dim)),
              "out": jax.random.normal(k3, (dim, n_cls))}
    return params, optimizer.init(params)
