# Must not report (JXP101). Seen in google/flax tests/nnx/transforms_test.py:2801 (18f8f311c2)
# and google/jaxopt tests/common_test.py:434 (2de13bf01f). A traced function's closure is
# stale only if the name is rebound between two calls. In flax, `linear` is rebound to its
# custom_vjp wrapper before anything is traced; in jaxopt, `data` is rebound for a later part
# of the test after the last call of the jitted function that reads it.
# Checked: `python closure_rebinding_not_between_calls.py` under jax 0.10.2.
import jax
import jax.numpy as jnp


def gradient(use_custom_vjp, w, x):
    def linear(w, x):
        return x @ w

    def linear_fwd(w, x):
        return linear(w, x), (w, x)

    def linear_bwd(res, g):
        w, x = res
        return jnp.outer(x, g), w @ g

    if use_custom_vjp:
        linear = jax.custom_vjp(linear)
        linear.defvjp(linear_fwd, linear_bwd)

    @jax.jit
    def loss_fn(w, x):
        return linear(w, x).sum()

    return jax.grad(loss_fn)(w, x)


def two_parts():
    data = (jnp.ones(3), jnp.ones(3))

    @jax.jit
    def first(p0):
        return p0 * data[0].sum()

    results = [first(jnp.float32(1.0)), first(jnp.float32(2.0))]
    data = (jnp.zeros(2), jnp.zeros(2))  # for the second part only
    results.append(data[0].sum())
    return results


if __name__ == "__main__":
    w, x = jnp.ones((3, 2)), jnp.arange(3.0)
    assert jnp.allclose(gradient(True, w, x), gradient(False, w, x))
    results = two_parts()
    assert jnp.allclose(jnp.stack(results), jnp.array([3.0, 6.0, 0.0]))
