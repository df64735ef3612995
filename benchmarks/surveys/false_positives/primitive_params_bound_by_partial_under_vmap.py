# Seen in f0uriest/quadax quadax/adjoint.py:725, 726 (twice) and 730 (4 JXP402).
# quadax defines a primitive, `_leibniz_p`, whose operands are flat arrays and whose params
# (`n`, `treedef`, `static`, ...) are Python values: `_leibniz_unpack(flat, n, ...)` slices
# `flat[:n]`, `flat[n : 2 * n]`, `flat[2 * n :]`. Its batching rule is
# `def _leibniz_batch(args, dims, **params): return jax.vmap(partial(_leibniz_impl,
# **params), in_axes=tuple(dims))(*args), 0`: JAX calls a batching rule with the primitive's
# params as keywords, and `partial` binds them, so vmap maps the positional operands only
# and `n` stays the int the primitive was bound with. The analysis knows that a keyword
# `partial` binds by name is not mapped (`partial(_impl, n=n)` with `n` a parameter is not
# reported, nor is `lambda *a: _impl(*a, **params)`), but keywords spread into `partial`
# from a `**params` dict are taken for values of the vmapped call: the slice bounds `n` and
# `2 * n` are reported as traced. (Here the function is also a batching rule, registered
# in `batching.primitive_batchers`, whose params JAX passes as static Python values.)
# Checked under jax 0.10.2: `python primitive_params_bound_by_partial_under_vmap.py` passes.
from functools import partial

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import batching

_sum_halves_p = Primitive("sum_halves_demo")


def _unpack(flat, n):
    return flat[:n], flat[n : 2 * n]  # must not be reported (JXP402)


def _sum_halves_impl(*flat, n):
    first, second = _unpack(flat, n)
    return sum(first) + sum(second)


def _sum_halves_batch(args, dims, **params):
    return jax.vmap(partial(_sum_halves_impl, **params), in_axes=tuple(dims))(*args), 0


_sum_halves_p.def_impl(_sum_halves_impl)
_sum_halves_p.def_abstract_eval(lambda *flat, n: flat[0])
batching.primitive_batchers[_sum_halves_p] = _sum_halves_batch


def sum_halves(xs, ys):
    return _sum_halves_p.bind(*xs, *ys, n=len(xs))


if __name__ == "__main__":
    xs = [jnp.arange(3.0), jnp.ones(3)]
    ys = [jnp.full(3, 2.0), jnp.zeros(3)]
    assert jnp.array_equal(sum_halves(xs, ys), jnp.array([3.0, 4.0, 5.0]))
    batched = jax.vmap(lambda a, b: sum_halves([a, b], [b, a]))(jnp.ones((2, 3)), jnp.ones((2, 3)))
    assert jnp.array_equal(batched, jnp.full((2, 3), 4.0))
    print("ok")
