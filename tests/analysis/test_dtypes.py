"""What the form of an expression says of its dtype (flow/dtypes.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.flow.dtypes import integer_tests, never_integer

_NAMES = {"jnp": "jax.numpy", "np": "numpy", "jax": "jax", "lax": "jax.lax"}


def _qualname(expr: cst.BaseExpression) -> str | None:
    if type(expr) is cst.Name:
        return _NAMES.get(expr.value, f"builtins.{expr.value}")
    if type(expr) is cst.Attribute:
        base = _qualname(expr.value)
        return f"{base}.{expr.attr.value}" if base else None
    return None


def _never_integer(text: str) -> bool:
    return never_integer(cst.parse_expression(text), _qualname)


def test_floats_by_form() -> None:
    for text in ("jax.nn.one_hot(y, k)", "jax.nn.softmax(x, -1)", "None", "1.0", "a / b",
                 "i + 0.5", "-jnp.ones(3)", "lax.stop_gradient(jax.nn.softmax(z))",
                 "jax.random.normal(key, (3,))"):
        assert _never_integer(text), text


def test_integers_or_unknown_dtypes_say_nothing() -> None:
    for text in ("jnp.argmax(x, -1)", "labels", "i + 1", "a // b", "jnp.zeros(3, int)",
                 "jax.nn.one_hot(y, k, dtype=jnp.int32)", "jax.nn.one_hot(y, k, jnp.int8)",
                 "jax.nn.one_hot(*args)", "lax.stop_gradient(i)"):
        assert not _never_integer(text), text


def test_integer_tests_of_a_name() -> None:
    def tested(text: str) -> set[str]:
        return integer_tests(cst.parse_expression(text), _qualname)
    assert tested("jnp.issubdtype(labels, jnp.integer)") == {"labels"}
    assert tested("y is not None and np.issubdtype(y.dtype, np.int32)") == {"y"}
    assert tested("jnp.issubdtype(x, jnp.floating)") == set()
    assert tested("a or jnp.issubdtype(x, jnp.integer)") == set()
