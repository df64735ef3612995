# Must not report (JXP101). Seen in google/flax tests/nnx/transforms_test.py:2801 (18f8f311c2):
# `linear` is rebound to its custom_vjp wrapper (`linear = custom_vjp(linear)`) right after the
# forward rule that reads it is defined, and before anything is traced; every trace sees the
# final binding, and nothing changes it later. Checked: `python
# closure_rebound_before_first_trace.py` under jax 0.10.2 (grad under jit, both branches).
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


if __name__ == "__main__":
    w, x = jnp.ones((3, 2)), jnp.arange(3.0)
    assert jnp.allclose(gradient(True, w, x), gradient(False, w, x))
