# Seen in google-deepmind/tapnet tapnet/robotap/tapir_clustering.py:640-745 (JXP603).
# The clustering loop runs thousands of steps and calls `update_jit`; it rebuilds
# `update_jit = jax.jit(functools.partial(update, num_cats=num_cats, ...))` only
# `if need_compile:`, a flag set to True before the loop and again when the number of
# clusters changes (a split or delete), and cleared right after the jit. The static
# configuration baked into the partial changes exactly then, so a new compilation is
# needed exactly then; every other iteration reuses the jitted function. The analysis
# reports any jit of a new object inside a loop.
# Checked under jax 0.10.2: `python jit_rebuilt_only_when_flag_set.py` passes.
import functools

import jax
import jax.numpy as jnp

def update(params, lr, num_cats):
    return params - lr * jnp.ones(num_cats)


def fit(num_steps=20, split_every=8):
    num_cats = 2
    params = jnp.zeros(num_cats)
    need_compile = True
    built = []
    for step in range(num_steps):
        if step > 0 and step % split_every == 0:
            num_cats += 1  # split a cluster: the parameters grow
            params = jnp.concatenate([params, params[-1:]])
            need_compile = True
        if need_compile:
            update_jit = jax.jit(functools.partial(update, num_cats=num_cats))
            built.append(num_cats)
            need_compile = False
        params = update_jit(params, 0.1)
    return params, built


if __name__ == "__main__":
    out, built = fit()
    assert out.shape == (4,)
    assert built == [2, 3, 4]  # one jit per configuration, not per step
    print("ok")
