import argparse

import jax
import jax.numpy as jnp
import optax

CONFIG = {"label_smoothing": 0.0, "batch_size": 32}


@jax.jit
def loss_fn(logits, labels):
    n = logits.shape[-1]
    eps = CONFIG["label_smoothing"]  # expect: JXP101
    targets = jax.nn.one_hot(labels, n) * (1.0 - eps) + eps / n
    return optax.softmax_cross_entropy(logits, targets).mean()


def sanity_check():
    logits = jnp.zeros((2, 4))
    return loss_fn(logits, jnp.array([0, 1]))


def main(argv):
    sanity_check()
    parser = argparse.ArgumentParser()
    parser.add_argument("--label_smoothing", type=float, default=0.0)
    parser.add_argument("--batch_size", type=int, default=32)
    args = parser.parse_args(argv)
    CONFIG.update(vars(args))
    logits = jnp.array([[2.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0]])
    return loss_fn(logits, jnp.array([0, 1]))
