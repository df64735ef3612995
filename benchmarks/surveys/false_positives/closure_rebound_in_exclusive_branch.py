# Seen in rlouf/mcx mcx/inference/metrics.py:31-62 (JXP101).
# `gaussian_euclidean_metric(inverse_mass_matrix)` builds a jitted `momentum_generator` in an
# `if ndim == 1:` branch that closes over `mass_matrix_sqrt` and returns, and another in the
# `elif ndim == 2:` branch, which binds `mass_matrix_sqrt` afresh first. The two bindings are
# on exclusive paths: each closure sees exactly one, the one before it, and nothing rebinds the
# name after the function returns. The analysis takes the `elif` binding, later in the text,
# for a reassignment after the first jitted function was defined.
# Checked under jax 0.10.2: `python closure_rebound_in_exclusive_branch.py` passes.
import jax
import jax.numpy as jnp
import numpy as np


def gaussian_metric(inverse_mass_matrix):
    ndim = jnp.ndim(inverse_mass_matrix)
    shape = jnp.shape(inverse_mass_matrix)[:1]
    if ndim == 1:
        mass_matrix_sqrt = jnp.sqrt(jnp.reciprocal(inverse_mass_matrix))

        @jax.jit
        def momentum_generator(rng_key):
            return jax.random.normal(rng_key, shape) * mass_matrix_sqrt

        return momentum_generator
    elif ndim == 2:
        mass_matrix_sqrt = jnp.linalg.cholesky(jnp.linalg.inv(inverse_mass_matrix))

        @jax.jit
        def momentum_generator(rng_key):
            return jnp.dot(jax.random.normal(rng_key, shape), mass_matrix_sqrt)

        return momentum_generator
    raise ValueError(ndim)


if __name__ == "__main__":
    key_a, key_b = jax.random.split(jax.random.key(0))
    diag = gaussian_metric(jnp.array([4.0, 0.25]))
    dense = gaussian_metric(jnp.diag(jnp.array([4.0, 0.25])))
    # each generator uses its own branch's square root
    np.testing.assert_allclose(diag(key_a), jax.random.normal(key_a, (2,)) * np.array([0.5, 2.0]),
                               rtol=1e-6)
    np.testing.assert_allclose(dense(key_b), jax.random.normal(key_b, (2,)) * np.array([0.5, 2.0]),
                               rtol=1e-5)
    print("ok")
