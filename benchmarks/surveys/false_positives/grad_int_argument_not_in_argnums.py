# Must not report (JXP401). Seen in ott-jax/ott src/ott/geometry/costs.py:649 (6aace50f67):
# `jax.grad(f)(t, i - 1)` differentiates with respect to the first argument only, so `i` stays
# a Python int inside f (jax.grad traces only the argnums) and `if i == 0` is a static test
# that ends the recursion. Checked: `python grad_int_argument_not_in_argnums.py` under jax
# 0.10.2 (under jit: the second derivative of sin is -sin).
import jax
import jax.numpy as jnp


@jax.jit
def nth_derivative_of_sin(t):
    def f(t, i):
        if i == 0:
            return jnp.sin(t)
        return jax.grad(f)(t, i - 1)

    return f(t, 2)


if __name__ == "__main__":
    assert jnp.allclose(nth_derivative_of_sin(1.0), -jnp.sin(1.0))
