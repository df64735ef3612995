# Seen in nshepperd/jax-guided-diffusion lib/gaussian_diffusion.py:498 (JXP302; a
# first-run forecast at bb4beb1).
# The sampling loop hands `rng` to `p_sample` on every iteration, but `rng` is not a key:
# it is the project's `PRNG`, a stateful wrapper (jaxtorch/core.py) whose `split()` replaces
# its stored key and returns a fresh subkey. `p_sample` draws only through `rng.split()`, so
# every iteration draws from a new key. The analysis takes the argument named `rng` for a
# raw key consumed by the call (and, in the loop, reused); it would have to see that the
# value is an instance of a class of the project whose methods rebind its key.
# Checked under jax 0.10.2: `python stateful_key_wrapper_passed_in_loop.py` passes.
import jax
import jax.numpy as jnp


class PRNG:
    """A stateful wrapper for a key."""

    def __init__(self, key):
        self.key = key

    def split(self):
        self.key, subkey = jax.random.split(self.key)
        return subkey


def p_sample(x, rng):
    return x + jax.random.normal(rng.split(), x.shape)


def sample_loop(x, rng, steps):
    draws = []
    for _ in range(steps):
        x = p_sample(x, rng)  # must not be reported (JXP302)
        draws.append(x)
    return draws


draws = sample_loop(jnp.zeros(3), PRNG(jax.random.key(0)), 3)
assert not bool(jnp.allclose(draws[1] - draws[0], draws[2] - draws[1]))
