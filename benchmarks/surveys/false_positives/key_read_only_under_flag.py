# Seen in lanl/scico scico/flax/train/trainer.py:323 and scico/flax/train/apply.py:115
# (JXP301).
# `create_input_iter(key, train_ds, ..., train=True)` and `create_input_iter(key, test_ds,
# ..., train=False)  # eval: no permutation`: the iterator splits and draws from its key only
# when `train` is set (`if self.train: self.key, subkey = split(self.key)`); the evaluation
# iterator keeps the data in order and never reads the key. The analysis counts the key as
# consumed by every call that receives it, whatever the flag that decides whether the callee
# draws from it.
# Checked under jax 0.10.2: `python key_read_only_under_flag.py` passes.
from typing import Any

import jax
import jax.numpy as jnp

KeyArray = Any


class Batches:
    def __init__(self, n, train=True, key=None):
        self.n = n
        self.train = train
        self.key = key
        self.reset()

    def reset(self):
        if self.train:
            self.key, sub = jax.random.split(self.key)
            self.order = jax.random.permutation(sub, self.n)
        else:
            self.order = jnp.arange(self.n)


def make_iter(key: KeyArray, n: int, train: bool = True):
    return Batches(n, train, key)


def make_iters(key: KeyArray, n_train: int, n_test: int):
    train_it = make_iter(key, n_train, train=True)
    eval_it = make_iter(key, n_test, train=False)  # must not be reported (JXP301)
    return train_it, eval_it


if __name__ == "__main__":
    train_it, eval_it = make_iters(jax.random.key(0), 8, 8)
    assert jnp.array_equal(eval_it.order, jnp.arange(8))  # the key played no part
    assert not jnp.array_equal(train_it.order, jnp.arange(8))
    print("ok")
