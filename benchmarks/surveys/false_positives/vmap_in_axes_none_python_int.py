# Must not report (JXP402). Seen in google-deepmind/distrax examples/hmm.py:174 (f51bffcf90) and
# google/flax examples/lm1b/train.py:235 (18f8f311c2): a Python int handed to `jax.vmap` with
# `in_axes=None` is passed through unbatched and unconverted, so it is still a Python int inside
# (and a jit around or inside keeps it static with static_argnums); `jnp.arange(n_steps)` and
# `jnp.ones((batch, max_len))` get concrete shapes. Checked: `python
# vmap_in_axes_none_python_int.py` under jax 0.10.2 (vmap of a jitted function, and jit of a vmap).
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def fit(rates, n_steps):
    steps = jnp.arange(n_steps)
    return rates * steps.sum()


def predict_step(inputs, max_len):
    cache = jnp.ones((inputs.shape[0], max_len))
    return inputs.sum() + cache.sum()


def run():
    fitted = jax.vmap(fit, in_axes=(0, None))(jnp.ones(3), 4)
    predict = jax.jit(jax.vmap(predict_step, in_axes=(0, None)), static_argnums=1)
    return fitted, predict(jnp.ones((2, 5, 3)), 7)


if __name__ == "__main__":
    fitted, predicted = run()
    assert (fitted == 6.0).all() and predicted.shape == (2,)
