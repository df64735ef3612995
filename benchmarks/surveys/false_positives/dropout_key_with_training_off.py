# Seen in google-deepmind/ithaca ithaca/util/eval.py:156, 277, 432, 504, 539,
# ithaca/eval/inference.py:213 and train/experiment.py:622 (JXP301, JXP302).
# Ithaca's inference helpers take `forward` (the caller binds
# `functools.partial(Model(...).apply, params)`) and call it with
# `rngs={'dropout': rng}, is_training=False`, in beam-search loops and once per saliency
# loss, all with one `rng = jax.random.PRNGKey(0)  # dummy, no randomness in model`. The
# model builds every dropout with `deterministic=not is_training`, so with training off
# nothing is drawn from the key; the outputs do not depend on it. The analysis counts a
# key handed to an unknown callable as consumed, whatever flag goes with it. (Written with
# the model's apply in view, the flag is followed: fixtures/surveys/key_read_only_under_flag.py.)
# Checked under jax 0.10.2: `python dropout_key_with_training_off.py` passes.
import functools

import jax
import jax.numpy as jnp


def apply(params, x, *, rngs, is_training):
    h = jnp.tanh(x @ params)
    if is_training:
        keep = jax.random.bernoulli(rngs["dropout"], 0.9, h.shape)
        h = jnp.where(keep, h / 0.9, 0.0)
    return h.sum(-1)


def beam_scores(forward, beams, steps):
    rng = jax.random.PRNGKey(0)  # dummy, no randomness in the model at evaluation
    scores = []
    while steps:
        scores.append(forward(beams, rngs={"dropout": rng}, is_training=False))  # must not be reported (JXP302)
        beams = beams * 0.5
        steps -= 1
    return scores


def loss_total(forward, x, rng):
    return forward(x, rngs={"dropout": rng}, is_training=False).sum()


def loss_best(forward, x, rng):
    return forward(x, rngs={"dropout": rng}, is_training=False).max()


def saliency(forward, x):
    rng = jax.random.PRNGKey(0)
    first = jax.grad(loss_total, 1)(forward, x, rng=rng)
    second = jax.grad(loss_best, 1)(forward, x, rng=rng)  # must not be reported (JXP301)
    return first, second


if __name__ == "__main__":
    params = jnp.linspace(-1.0, 1.0, 6).reshape(3, 2)
    forward = functools.partial(apply, params)
    x = jnp.ones((2, 3))
    a = forward(x, rngs={"dropout": jax.random.PRNGKey(0)}, is_training=False)
    b = forward(x, rngs={"dropout": jax.random.PRNGKey(1)}, is_training=False)
    assert jnp.array_equal(a, b)  # the key changes nothing with training off
    assert len(beam_scores(forward, x, 3)) == 3
    saliency(forward, x)
    print("ok")
