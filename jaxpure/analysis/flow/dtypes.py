"""What the form of an expression says of its dtype: never an integer one.

``if jnp.issubdtype(labels, jnp.integer): labels = jax.nn.one_hot(labels, labels.max() + 1)``
turns integer labels into a one-hot sized by their values: fine eagerly. When every traced
call of the function passes ``labels`` a value of no integer dtype (a one-hot, a softmax, a
float literal, a true division) or ``None``, the test is a static fact, false under every
trace the analysis knows, and the branch is walked as untraced code (flow/given.py). An
argument of unknown dtype (a name, ``jnp.argmax(...)``) says nothing, and the branch stays
traced.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.catalog.dtypes import (DTYPE_KEEPING_CALLS, FLOAT_RESULT_CALLS,
                                             INTEGER_DTYPES, SUBDTYPE_TESTS)

Qualname = Callable[[cst.BaseExpression], str | None]
# an integer or bool operand with a float one gives a float (`i + 1.0`), as does a float
# with anything
_PROMOTING = (cst.Add, cst.Subtract, cst.Multiply, cst.Power)


def never_integer(expr: cst.BaseExpression | None, qualname: Qualname) -> bool:
    """Whether ``expr`` certainly has no integer (nor bool) dtype, by its form: ``None``,
    a float literal, a true division, arithmetic with such an operand, a call whose result
    is floating (``jax.nn.one_hot(...)`` with no ``dtype``), ``stop_gradient`` of one."""
    if expr is None:
        return False
    if isinstance(expr, (cst.Float, cst.Imaginary)):
        return True
    if type(expr) is cst.Name:
        return expr.value == "None"
    if type(expr) is cst.IfExp:
        return never_integer(expr.body, qualname) and never_integer(expr.orelse, qualname)
    if type(expr) is cst.UnaryOperation and type(expr.operator) in (cst.Minus, cst.Plus):
        return never_integer(expr.expression, qualname)
    if type(expr) is cst.BinaryOperation:
        if type(expr.operator) is cst.Divide:
            return True
        return isinstance(expr.operator, _PROMOTING) and (
            never_integer(expr.left, qualname) or never_integer(expr.right, qualname))
    if type(expr) is cst.Call:
        return _floating_call(expr, qualname)
    return False


def _floating_call(call: cst.Call, qualname: Qualname) -> bool:
    qual = qualname(call.func) or ""
    if qual in DTYPE_KEEPING_CALLS:
        return len(call.args) == 1 and not call.args[0].star \
            and never_integer(call.args[0].value, qualname)
    if qual not in FLOAT_RESULT_CALLS:
        return False
    before_dtype = FLOAT_RESULT_CALLS[qual]
    positional = [a for a in call.args if a.keyword is None]
    return not any(a.star or a.keyword is not None and a.keyword.value == "dtype"
                   for a in call.args) \
        and (before_dtype is None or len(positional) <= before_dtype)


def integer_tests(test: cst.BaseExpression, qualname: Qualname) -> set[str]:
    """The names whose integer-ness ``test`` holding implies: ``integer_test`` of
    ``test``, or of any operand of an ``and`` (``labels is not None and
    jnp.issubdtype(labels.dtype, jnp.integer)``)."""
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        return integer_tests(test.left, qualname) | integer_tests(test.right, qualname)
    tested = integer_test(test, qualname)
    return {tested} if tested is not None else set()


def integer_test(test: cst.BaseExpression, qualname: Qualname) -> str | None:
    """The name ``test`` asks the integer-ness of: ``jnp.issubdtype(x, jnp.integer)`` or
    ``np.issubdtype(x.dtype, np.int32)``."""
    if type(test) is not cst.Call or len(test.args) != 2 \
            or any(a.star or a.keyword is not None for a in test.args) \
            or qualname(test.func) not in SUBDTYPE_TESTS \
            or qualname(test.args[1].value) not in INTEGER_DTYPES:
        return None
    subject = test.args[0].value
    if type(subject) is cst.Attribute and subject.attr.value == "dtype":
        subject = subject.value
    return subject.value if type(subject) is cst.Name else None
