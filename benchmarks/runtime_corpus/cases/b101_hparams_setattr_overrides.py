"""Label-smoothed classifier whose hyper-parameters can be overridden from the command line."""
from types import SimpleNamespace

import jax
import jax.numpy as jnp
import optax

hparams = SimpleNamespace(label_smoothing=0.0, weight_decay=1e-4, lr=1e-3)


def apply_overrides(overrides):
    for name, value in overrides.items():
        setattr(hparams, name, type(getattr(hparams, name))(value))


def loss_fn(params, x, y, n_classes):
    logits = x @ params["w"]
    targets = optax.smooth_labels(jax.nn.one_hot(y, n_classes), hparams.label_smoothing)  # expect: JXP101
    ce = optax.softmax_cross_entropy(logits, targets).mean()
    return ce + hparams.weight_decay * jnp.sum(params["w"] ** 2)


@jax.jit
def eval_loss(params, x, y):
    return loss_fn(params, x, y, params["w"].shape[1])


def sweep(params, x, y, settings):
    results = {}
    for s in settings:
        apply_overrides({"label_smoothing": s})
        results[s] = float(eval_loss(params, x, y))
    return results
