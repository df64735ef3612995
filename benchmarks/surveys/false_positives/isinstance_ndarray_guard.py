# Must not report (JXP403). Seen in pyro-ppl/numpyro test/test_distributions.py:3704
# (0b935d4880): `np.allclose` runs only under `isinstance(a1, np.ndarray)`; a tracer is not a
# numpy array, so under vmap the `jnp.allclose` branch runs instead.
# Checked: `python isinstance_ndarray_guard.py` under jax 0.10.2 (vmap and plain numpy inputs).
import jax
import jax.numpy as jnp
import numpy as np


def allclose_or_equal(a1, a2):
    if isinstance(a1, np.ndarray):
        return np.allclose(a2, a1)
    elif isinstance(a1, jnp.ndarray):
        return jnp.allclose(a2, a1)
    return a1 == a2


if __name__ == "__main__":
    x = jnp.arange(6.0).reshape(3, 2)
    assert jax.vmap(allclose_or_equal)(x, x).all()
    assert allclose_or_equal(np.ones(2), np.ones(2))
