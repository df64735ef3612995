# Seen in google-deepmind/clrs clrs/examples/run.py:238 (JXP302, an example). `rng` is
# `np.random.RandomState(FLAGS.seed)`, documented as a "Numpy random state", and each
# `make_sampler(length, rng)` in the loop draws `rng.randint(2**32)` from it, which advances
# its state: every sampler gets its own seed.
# Checked under jax 0.10.2: `python numpy_random_state_taken_for_key.py` passes.
import jax
import jax.numpy as jnp
import numpy as np


def make_sampler(length, rng):
    seed = rng.randint(2**32)
    key = jax.random.key(seed)
    return jax.jit(lambda n: jax.random.normal(jax.random.fold_in(key, n), (length,))), seed


def make_multi_sampler(sizes, rng):
    samplers, seeds = [], []
    for length in sizes:
        sampler, seed = make_sampler(length, rng)
        samplers.append(sampler)
        seeds.append(seed)
    return samplers, seeds


samplers, seeds = make_multi_sampler([4, 4, 8], np.random.RandomState(0))
assert len(set(seeds)) == 3
assert not jnp.allclose(samplers[0](0), samplers[1](0))
