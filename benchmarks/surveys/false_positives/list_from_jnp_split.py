# Must not report (JXP201). Seen in google/jaxopt tests/scipy_wrappers_test.py:59 and :60
# (2de13bf01f): `jnp.split` returns a Python list of arrays, so `pytree[0] = ...` assigns a
# list element; it is not an in-place update of a JAX array. Checked: `python
# list_from_jnp_split.py` under jax 0.10.2 (eager and under jit).
import jax
import jax.numpy as jnp


def do_pytree(array, split_indices, reshape_shape):
    pytree = jnp.split(array, split_indices)
    pytree[0] = pytree[0].reshape(reshape_shape)
    pytree[-1] = {"-1": pytree[-1]}
    return pytree


if __name__ == "__main__":
    out = do_pytree(jnp.arange(6.0), [4], (2, 2))
    assert out[0].shape == (2, 2) and out[-1]["-1"].shape == (2,)
    jitted = jax.jit(do_pytree, static_argnums=(1, 2))(jnp.arange(6.0), (4,), (2, 2))
    assert jitted[0].shape == (2, 2)
