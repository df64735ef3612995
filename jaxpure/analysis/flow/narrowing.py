"""What a test says of the type of a name: ``isinstance`` narrowing along the walk.

On the path where ``isinstance(x, np.ndarray)`` holds (or the ``else`` of a test against
the JAX array types) a value taken for a tracer is none; where ``isinstance(x, int)`` holds
it is a Python value, and where ``isinstance(x, dict)`` holds a Python container (of
tracers, if x was traced). The same holds after ``assert isinstance(x, dict)`` and after
``if not isinstance(x, dict): raise ...``: the walk narrows at the test (untraced_path), and
an ``assert`` narrows what follows it (flow/walker.py).
"""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.flow.closure_flags import closed_over_truth
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.flow.dtypes import integer_test
from jaxpure.analysis.flow.given import GivenFacts
from jaxpure.analysis.module.index import ModuleIndex
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import none_test


class Context(KindScope, Protocol):
    """Where the walk is, and what traced calls fill (flow/given.py): the Context is one."""

    given: GivenFacts

    def kind(self, expr: cst.BaseExpression) -> int: ...

def _isinstance_test(ctx: Context, test: cst.BaseExpression
                     ) -> tuple[str | cst.BaseExpression, list[str | None]] | None:
    """``isinstance(x, T)`` / ``isinstance(x, (T1, T2))``: x and what each T is: "jax" (a
    JAX array type, which a tracer is), "numpy" (NumPy and SciPy types), "static" (a
    class of this module whose fields are all static), "object" (a class of this module
    that is no pytree), or None (anything else). Through a one-line helper of the module
    given the name (fdtdx's ``is_jax_tracer(x)``: ``return isinstance(x, jax_core.Tracer)``).
    x may be a field read (``isinstance(info.input_shape, np.ndarray)``), given as is."""
    if type(test) is cst.Call and len(test.args) == 1 and type(test.args[0].value) is cst.Name:
        if ctx.qualname(test.func) in ctx.facts.imported_tracer_tests:
            return test.args[0].value.value, ["jax"]  # another module's helper (summary.py)
        tested = _helper_test(ctx, test)
        found = _isinstance_test(ctx, tested) if tested is not None else None
        return (test.args[0].value.value, found[1]) if found is not None else None
    if not type(test) is cst.Call or len(test.args) != 2 or \
            ctx.qualname(test.func) != "builtins.isinstance":
        return None
    subject = test.args[0].value
    if type(subject) is not cst.Name and not _field_read(subject):
        return None
    types = test.args[1].value
    found_kinds: list[str | None] = []
    for item in [e.value for e in types.elements] if type(types) is cst.Tuple else [types]:
        qual = ctx.qualname(item) or ""
        node = ctx.index.class_nodes.get(item.value) if type(item) is cst.Name else None
        if qual in A.JAX_ARRAY_TYPES:
            found_kinds.append("jax")
        elif qual.startswith(("numpy.", "scipy.")):
            found_kinds.append("numpy")
        elif node is not None and ctx.facts.class_facts.holds_no_tracer(item.value):  # type: ignore[attr-defined]
            found_kinds.append("static")  # a pytree of aux data only: a hashable Python object
        elif node is not None and not node.bases and not node.decorators \
                and not any(type(a.value) is cst.Name and a.value.value == item.value  # type: ignore[attr-defined]
                            for call in ctx.index.module_calls for a in call.args):
            found_kinds.append("object")  # a plain class: never a tracer, never a pytree of them
        else:
            found_kinds.append(None)
    return subject.value if type(subject) is cst.Name else subject, found_kinds


def _field_read(node: cst.BaseExpression) -> bool:
    """``info.input_shape``, ``self.cfg.shape``, ``x[0]``, ``batch["image"]``: a chain of
    attributes and constant indices on a name."""
    while type(node) is cst.Attribute or type(node) is cst.Subscript and _constant_index(node):
        node = node.value
    return type(node) is cst.Name


def _constant_index(node: cst.Subscript) -> bool:
    index = node.slice[0].slice if len(node.slice) == 1 else None
    return type(index) is cst.Index and type(index.value) in (cst.Integer, cst.SimpleString)


def _helper_test(ctx: Context, call: cst.Call) -> cst.Call | None:
    """The ``isinstance`` test a helper of the module returns on its one parameter, when
    its body is that one ``return`` (the test's types are names of the module, as here)."""
    callee = ctx.resolver.function(call.func, ctx.unit)
    node = callee.node if callee is not None else None
    if type(node) is not cst.FunctionDef or callee is None or len(callee.params) != 1 \
            or callee.parent is not None:
        return None
    return returned_isinstance(node, callee.params[0].name)


def returned_isinstance(node: cst.FunctionDef, param: str) -> cst.Call | None:
    """``isinstance(param, ...)`` when the function's body is ``return`` of it (after a
    docstring)."""
    body = [line for line in node.body.body if not _docstring(line)]
    line = body[0] if len(body) == 1 else None
    small = line.body[0] if type(line) is cst.SimpleStatementLine else None
    tested = small.value if type(small) is cst.Return else None
    return tested if type(tested) is cst.Call and len(tested.args) == 2 \
        and type(tested.args[0].value) is cst.Name and tested.args[0].value.value == param \
        else None


def tracer_tests(index: ModuleIndex, resolver: Resolver) -> tuple[str, ...]:
    """For the summary: the module-level functions that return whether their one parameter
    is a tracer (``isinstance(values, jax_core.Tracer)``), which other modules import."""
    found = []
    for name, unit in index.defs.items():
        node = unit.node
        tested = returned_isinstance(node, unit.params[0].name) \
            if type(node) is cst.FunctionDef and len(unit.params) == 1 else None
        if tested is not None and all(resolver.qualname(item, None) in A.JAX_ARRAY_TYPES
                                      for item in _types(tested.args[1].value)):
            found.append(name)
    return tuple(sorted(found))


def _types(types: cst.BaseExpression) -> list[cst.BaseExpression]:
    return [e.value for e in types.elements] if type(types) is cst.Tuple else [types]


def _docstring(line: cst.BaseStatement | cst.BaseSmallStatement) -> bool:
    return type(line) is cst.SimpleStatementLine and len(line.body) == 1 \
        and type(line.body[0]) is cst.Expr \
        and isinstance(line.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def _reads_disable_jit(ctx: Context, test: cst.BaseExpression) -> bool:
    """``jax.config.jax_disable_jit`` (or ``jax.config.read("jax_disable_jit")``): true only
    under ``jax.disable_jit()``, where a jitted function runs eagerly; or a module flag that
    switches the module's own jit off (module/jit_switches.py)."""
    if type(test) is cst.Name and test.value in ctx.facts.jit_off_flags:
        return ctx.unit is None or not ctx.unit.binds(test.value)
    if type(test) is cst.Call and len(test.args) == 1 and \
            ctx.qualname(test.func) in ("jax.config.read", "jax.config._read"):
        value = test.args[0].value
        return type(value) is cst.SimpleString and value.evaluated_value == "jax_disable_jit"
    return type(test) is cst.Attribute and ctx.qualname(test) == "jax.config.jax_disable_jit"


def narrowed_names(test: cst.BaseExpression) -> set[str]:
    """The names an ``isinstance`` in ``test`` may narrow (untraced_path)."""
    if type(test) is cst.UnaryOperation:
        return narrowed_names(test.expression)
    if type(test) is cst.BooleanOperation:
        return narrowed_names(test.left) | narrowed_names(test.right)
    # `isinstance(x, T)`, or a helper testing its one argument so (`is_jax_tracer(x)`)
    if type(test) is cst.Call and len(test.args) in (1, 2) and type(test.args[0].value) is cst.Name:
        return {test.args[0].value.value}
    return set()


def untraced_path(ctx: Context, test: cst.BaseExpression, holds: bool) -> bool:
    """Narrow kinds by what ``test`` being ``holds`` says of types, and tell whether the
    path is one the trace never takes: under ``isinstance(x, np.ndarray)`` (or a SciPy
    type, or a plain class of this module) a value taken for a tracer is none, nor in the
    ``else`` of ``isinstance(x, (jnp.ndarray, jax.Array))``. Such a path runs only when the
    walk's premise (x is a tracer) is false, so nothing in it is traced code. So is the
    path where a parameter every traced call fills is ``None``, and the path a flag every
    traced call passes as a literal rules out (flow/given.py)."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return untraced_path(ctx, test.expression, not holds)
    if type(test) is cst.BooleanOperation:
        # `a and b` holding: both hold; `a or b` failing: both fail
        if holds == (type(test.operator) is cst.And):
            left = untraced_path(ctx, test.left, holds)
            return untraced_path(ctx, test.right, holds) or left
        return False
    if holds and ctx.caching_via is not None and _reads_disable_jit(ctx, test):
        return True  # `if jax.config.jax_disable_jit:` runs only where jit does not trace
    if type(test) is cst.Name:
        # `if not skip_checks:` where every traced call passes `skip_checks=True`
        return ruling_flag(ctx, test, holds) is not None
    none = none_test(test)
    if none is not None:
        # `if n is None:` where every traced call passes `n` (flow/given.py)
        return holds == none[1] and ctx.given.never_none_parameter(
            ctx.traced_analysis, ctx.unit, none[0])
    tested = integer_test(test, ctx.qualname)
    if tested is not None:
        # `if jnp.issubdtype(labels, jnp.integer):` where every traced call passes `labels`
        # a float (flow/dtypes.py)
        return holds and ctx.given.never_integer_parameter(ctx.traced_analysis, ctx.unit, tested)
    guarded = python_type_guard(ctx, test)
    if guarded is not None:
        if holds:  # `if isinstance(x, int):`, the `else` of `if not isinstance(x, dict):`
            ctx.frame.env[guarded[0]] = guarded[1]
        return False
    found = _isinstance_test(ctx, test)
    if found is None:
        return False
    name, kinds = found
    if not isinstance(name, str):
        # a field read: no name to narrow, but a path that needs a traced field to be of
        # no JAX type is one the trace never takes (alphafold3's `isinstance(
        # gather_info.input_shape, np.ndarray) and (...)`, with gather_info a jit argument)
        numpy = holds and kinds and all(k in ("numpy", "object") for k in kinds)
        array = not holds and kinds and all(k == "jax" for k in kinds)
        return bool(numpy or array) and L.is_traced(ctx.kind(name))
    env = ctx.frame.env
    was_traced = L.is_traced(ctx.lookup(name))
    if holds and kinds and all(k == "static" for k in kinds):
        env[name] = L.STATIC  # still traced code: the object is rebuilt in the trace
        return False
    if holds and kinds and all(k in ("numpy", "object") for k in kinds):
        env[name] = L.NUMPY if all(k == "numpy" for k in kinds) else L.UNKNOWN
        return was_traced
    if not holds and kinds and all(k == "jax" for k in kinds):
        env[name] = L.UNKNOWN  # not an array: a Python value or a container
        return was_traced
    return False


def ruling_flag(ctx: Context, test: cst.BaseExpression, holds: bool) -> str | None:
    """The flag whose truth rules out the path where ``test`` is ``holds``: a parameter
    every traced call passes as a literal (flow/given.py), so that no trace takes the path
    (the ``else`` of ``if use_jax:`` under ``f(x, use_jax=True)``), and the runs that do
    take it are eager ones with the flag's other value."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return ruling_flag(ctx, test.expression, not holds)
    if type(test) is cst.BooleanOperation:
        # `a and b` holding: both hold; `a or b` failing: both fail
        if holds == (type(test.operator) is cst.And):
            return ruling_flag(ctx, test.left, holds) or ruling_flag(ctx, test.right, holds)
        return None
    if type(test) is cst.Name:
        truth = ctx.given.constant_truth(ctx.traced_analysis, ctx.unit, test.value)
        unit = ctx.frame.unit
        if truth is None and unit is not None and unit.parent is not None:
            # a flag of the function defining this one, whose traces all start where it
            # has one truth (flow/closure_flags.py)
            truth = closed_over_truth(ctx.traced_analysis, ctx.given.closure_truths,
                                      ctx.given.flag_tests, unit, test.value)
        return test.value if truth is not None and truth != holds else None
    return None


def python_type_guard(ctx: Context, test: cst.BaseExpression) -> tuple[str, int] | None:
    """``x`` and its kind where ``isinstance(x, int)`` / ``isinstance(x, (int, float))``
    holds: a Python value; for ``isinstance(x, dict)`` (list, tuple) a Python container,
    whose entries are tracers where x was taken for a traced value."""
    if not type(test) is cst.Call or len(test.args) != 2 or \
            ctx.qualname(test.func) != "builtins.isinstance":
        return None
    subject, types = test.args[0].value, test.args[1].value
    items = [e.value for e in types.elements] if type(types) is cst.Tuple else [types]
    names = [n.value for n in items if type(n) is cst.Name]
    if type(subject) is not cst.Name or not items or len(names) != len(items) \
            or not _PYTHON_TYPES.issuperset(names):
        return None
    if not _CONTAINER_TYPES.isdisjoint(names) \
            and L.is_traced(ctx.lookup(subject.value)):
        return subject.value, L.TRACED_CONTAINER
    return subject.value, L.STATIC


_CONTAINER_TYPES = frozenset({"tuple", "list", "dict"})
_PYTHON_TYPES = frozenset({"int", "float", "bool", "str", "complex"}) | _CONTAINER_TYPES
