"""Values that are certainly a single array leaf of a pytree, and whether that array is known
to hold ints or floats, for comparing structures (queries/structures.py).

Checked under jax 0.10: a loop carry that goes in as a Python ``0`` and comes out as a float
array is fine (a weakly typed int takes the output's dtype), one that goes in as
``jnp.int32(0)`` or ``jnp.zeros((), jnp.int32)`` is a TypeError; ``lax.cond`` branches that
return ``0`` and ``1.5`` are a TypeError too (the branches' types must be equal).
"""

from __future__ import annotations

from typing import Literal

import libcst as cst

from jaxpure.analysis.catalog.arrays import JAX_ARRAY_CREATORS
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.resolve import Resolver

DtypeClass = Literal["int", "float"]

# jnp functions that return one array (not jax.device_put, which keeps a pytree's shape)
ARRAY_MAKERS = JAX_ARRAY_CREATORS - {"jax.device_put"}
# where the dtype stands when it is passed by position
_DTYPE_POSITION = {"jax.numpy.zeros": 1, "jax.numpy.ones": 1, "jax.numpy.empty": 1,
                   "jax.numpy.full": 2, "jax.numpy.array": 1, "jax.numpy.asarray": 1}
_INT_DTYPES = frozenset({"int", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                         "uint64"})
_FLOAT_DTYPES = frozenset({"float", "float16", "float32", "float64", "bfloat16"})
# calls that make a strongly typed int scalar (not weakly typed, as a Python int is)
_INT_SCALARS = frozenset(f"{module}.{name}" for module in ("jax.numpy", "numpy")
                         for name in _INT_DTYPES - {"int"})
# functions whose result is a float array whatever their (int or float) argument
_FLOAT_RESULTS = frozenset(
    {f"jax.numpy.{name}" for name in ("sqrt", "exp", "log", "log1p", "expm1", "sin", "cos",
                                      "tan", "tanh", "mean", "linspace", "float16",
                                      "float32", "float64", "bfloat16")}
    | {"jax.nn.sigmoid", "jax.nn.softmax", "jax.nn.relu6"})
# operators no tuple, list or dict supports: their result is an array (or an error)
_ARITHMETIC_ONLY = (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Modulo, cst.Power,
                    cst.MatrixMultiply)
_SEQUENCE_DISPLAYS = (cst.Tuple, cst.List, cst.ListComp, cst.GeneratorExp, cst.Dict,
                      cst.DictComp, cst.Set, cst.SetComp)


def is_number(expr: cst.BaseExpression) -> bool:
    """``3``, ``-0.5``."""
    if type(expr) is cst.UnaryOperation and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return type(expr) is cst.Integer or type(expr) is cst.Float


def is_leaf(resolver: Resolver, expr: cst.BaseExpression, unit: Unit | None,
            initial: bool) -> bool:
    """Whether ``expr`` is certainly one array: a number, a ``jnp`` array maker; for a
    returned value (not ``initial``) also arithmetic that no container supports (``c - 1``,
    ``-c``, ``c + 1`` with a number, not ``a + b``, which may join two tuples)."""
    if is_number(expr):
        return True
    if type(expr) is cst.Call:
        return resolver.qualname(expr.func, unit) in ARRAY_MAKERS | _FLOAT_RESULTS | _INT_SCALARS
    if initial:
        return False
    if type(expr) is cst.UnaryOperation:
        return True
    if type(expr) is cst.BinaryOperation:
        if isinstance(expr.operator, _ARITHMETIC_ONLY):
            return True
        if isinstance(expr.operator, (cst.Add, cst.Multiply)):
            sides = (expr.left, expr.right)
            return not any(isinstance(s, _SEQUENCE_DISPLAYS) for s in sides) and any(
                is_leaf(resolver, s, unit, initial) for s in sides)
    return False


def dtype_class(resolver: Resolver, expr: cst.BaseExpression, unit: Unit | None,
                weak_ints: bool) -> DtypeClass | None:
    """"int" or "float" when the source says which (a float literal, ``c / 2``,
    ``jnp.sqrt(c)``, ``jnp.int32(0)``, ``jnp.zeros(n, jnp.int32)``); a Python int literal
    counts as "int" only with ``weak_ints`` (it takes a float output's dtype in a loop)."""
    if is_number(expr):
        inner = expr.expression if type(expr) is cst.UnaryOperation else expr
        return "float" if type(inner) is cst.Float else ("int" if weak_ints else None)
    if type(expr) is cst.Call:
        return _call_dtype(resolver, expr, unit)
    if type(expr) is cst.BinaryOperation:
        if type(expr.operator) is cst.Divide:
            return "float"
        if isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Power)):
            sides = [dtype_class(resolver, s, unit, weak_ints) for s in (expr.left, expr.right)]
            if "float" in sides:
                return "float"  # int and float arrays add up to a float array
            if sides == ["int", "int"]:
                return "int"
    return None


def _call_dtype(resolver: Resolver, call: cst.Call, unit: Unit | None) -> DtypeClass | None:
    qual = resolver.qualname(call.func, unit)
    if qual in _INT_SCALARS:
        return "int"
    if qual in _FLOAT_RESULTS:
        return "float"
    if qual not in ARRAY_MAKERS:
        return None
    dtype = None
    for position, arg in enumerate(call.args):
        if arg.keyword is not None and arg.keyword.value == "dtype" \
                or arg.keyword is None and not arg.star and position == _DTYPE_POSITION.get(qual):
            dtype = arg.value
    name = _dtype_name(dtype) if dtype is not None else None
    if name in _INT_DTYPES:
        return "int"
    if name in _FLOAT_DTYPES:
        return "float"
    if dtype is None and qual == "jax.numpy.arange" and call.args \
            and all(type(a.value) is cst.Integer and a.keyword is None for a in call.args):
        return "int"  # jnp.arange(3): int32
    return None


def _dtype_name(expr: cst.BaseExpression) -> str | None:
    """``jnp.int32`` / ``np.int32`` / ``int`` / ``"int32"`` -> "int32" / "int"."""
    if type(expr) is cst.Attribute:
        return expr.attr.value
    if type(expr) is cst.Name:
        return expr.value
    if type(expr) is cst.SimpleString:
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    return None
