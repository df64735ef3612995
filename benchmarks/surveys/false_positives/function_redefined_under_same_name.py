# Seen in EMI-Group/tensorneat src/tensorneat/algorithm/neat/species.py:483 (JXP501) and
# ucl-bug/jwave docs/notebooks/harmonic/helmholtz_solver_differentiable.ipynb, cell 8
# (JXP101, an example).
# A function name defined twice in one scope is two functions: a call reaches the one
# the name is bound to when the call runs. tensorneat's `speciate` defines `cond_func`
# and `body_func` for a first `jax.lax.while_loop` over a carry of five, runs it, then
# defines new `cond_func` and `body_func` for a second loop over a carry of seven; the
# analysis pairs the first loop's carry with the second body. jwave's notebook jits a
# solver that closes over the global `medium`, calls it through `get_field`,
# `full_loss`, `loss_with_grad` and `update`, then redefines all four (the new
# `get_field` builds its own medium) before it rebinds `medium` and optimises again; the
# old solver is never called after the rebinding (with the four names left alone, the
# analysis already knows that: notebook_global_rebound_after_last_call), but the
# analysis takes the later `update(...)` calls for calls of the first `update`.
# Checked under jax 0.10.2: `python function_redefined_under_same_name.py` passes.
import jax
import jax.numpy as jnp


@jax.jit
def two_phases(x):
    def cond_func(carry):
        i, _, _ = carry
        return i < 3

    def body_func(carry):
        i, a, b = carry
        return i + 1, a + b, b

    _, a, b = jax.lax.while_loop(cond_func, body_func, (0, x, jnp.ones_like(x)))

    def cond_func(carry):
        i, *_ = carry
        return i < 2

    def body_func(carry):
        i, a, b, c, d = carry
        return i + 1, a * 2, b, c + a, d

    return jax.lax.while_loop(cond_func, body_func, (0, a, b, jnp.zeros_like(x), x))


# the notebook's cells, in order
medium = jnp.ones(3)


@jax.jit
def fixed_medium_solver(src):
    return src * medium


def get_field(p):
    return fixed_medium_solver(p)


def full_loss(p):
    return jnp.sum(get_field(p) ** 2)


loss_with_grad = jax.value_and_grad(full_loss)


@jax.jit
def update(p):
    loss, grad = loss_with_grad(p)
    return loss, p - 0.1 * grad


p = jnp.ones(3)
for k in range(3):
    first_loss, p = update(p)

medium = jnp.full(3, 2.0)


def get_field(p):
    return medium * p


def full_loss(p):
    return jnp.sum(get_field(p) ** 2)


loss_with_grad = jax.value_and_grad(full_loss)


@jax.jit
def update(p):
    loss, grad = loss_with_grad(p)
    return loss, p - 0.1 * grad


q = jnp.ones(3)
for k in range(3):
    second_loss, q = update(q)


if __name__ == "__main__":
    i, a, b, c, d = two_phases(jnp.float32(1.0))
    assert int(i) == 2 and float(a) == 16.0 and float(c) == 12.0
    assert jnp.allclose(q, 0.2**3)  # the second phase sees the new medium: q *= 1 - 0.8
    assert jnp.allclose(p, 0.8**3)  # the first saw the old one: p *= 1 - 0.2
    print("ok")
