# Must not report (JXP403). Seen in pyro-ppl/numpyro test/test_distributions.py:3704
# (0b935d4880), also :3708 and :3710: `np.allclose` runs only under `isinstance(a1, np.ndarray)`
# (or a sparse matrix type); a tracer is not one, and it is a `jnp.ndarray`, so under vmap the
# `jnp.allclose` branch runs and the Python `or` of the last branch never sees a tracer.
# Checked: `python isinstance_ndarray_guard.py` under jax 0.10.2 (vmap and plain numpy inputs).
import jax
import jax.numpy as jnp
import numpy as np


class SparseMatrix:
    def __init__(self, dense):
        self.dense = dense

    def todense(self):
        return self.dense


def allclose_or_equal(a1, a2):
    if isinstance(a1, np.ndarray):
        return np.allclose(a2, a1)
    elif isinstance(a1, jnp.ndarray):
        return jnp.allclose(a2, a1)
    elif isinstance(a1, SparseMatrix):
        return np.allclose(a2.todense(), a1.todense())
    else:
        return a2 == a1 or a2 is a1


if __name__ == "__main__":
    x = jnp.arange(6.0).reshape(3, 2)
    assert jax.vmap(allclose_or_equal)(x, x).all()
    assert allclose_or_equal(np.ones(2), np.ones(2))
    assert allclose_or_equal(SparseMatrix(np.ones(2)), SparseMatrix(np.ones(2)))
    assert allclose_or_equal("a", "a")
