"""Whether a node is guarded: inside a branch that tests a name, or a ``try`` that catches a
missing key (JXP101, JXP103); under a block expected to raise; the default for a parameter
the caller left None (JXP105's message), or a fixed key used only for shapes; or a test that holds only for Python values, so
what it guards never sees a tracer (JXP401); or a test that a dict has a key, so what it
guards follows the dict's structure (JXP501)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.arrays import CONCRETENESS_GUARDS, JAX_ARRAY_TYPES
from jaxpure.analysis.module.index import literal_item_key
from jaxpure.analysis.syntax import (
    assigned_in,
    push_children,
    descendants,
    handler_catches,
    reads_any,
    statements,
)

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def calls_named(region: cst.CSTNode, name: str) -> bool:
    """Whether ``region`` calls ``name(...)`` (not looking into nested function bodies)."""
    stack: list[cst.CSTNode] = [region]
    while stack:
        current = stack.pop()
        if type(current) is cst.Call and type(current.func) is cst.Name \
                and current.func.value == name:
            return True
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and current is not region:
            continue
        push_children(current, stack)
    return False


# ---------------------------------------------------------------------------------
# Memoisation guards: `if k not in CACHE: CACHE[k] = v`


def parent_map(ctx: Context) -> dict[int, cst.CSTNode]:
    return ctx.facts.parents


def guarded_by(ctx: Context, node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` sits under an ``if``/``while`` (in the same function) whose test
    reads ``name``, e.g. ``if key not in CACHE:`` or ``if CACHE.get(key) is None:``, or in
    the ``except KeyError`` handler of a ``try`` that reads it."""
    parents = parent_map(ctx)
    current: cst.CSTNode | None = parents.get(id(node))
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.Module)):
        if isinstance(current, (cst.If, cst.While)) and reads_any(current.test, {name}):
            return True
        if type(current) is cst.ExceptHandler and catches_missing_key(current):
            # `try: return CACHE[k]` / `except KeyError: CACHE[k] = ...`
            owner = parents.get(id(current))
            if type(owner) is cst.Try and reads_any(owner.body, {name}):
                return True
        current = parents.get(id(current))
    return False


def catches_missing_key(handler: cst.ExceptHandler) -> bool:
    """``except KeyError`` (or ``LookupError``, alone or in a tuple)."""
    return handler.type is not None and handler_catches(handler, _MISSING_KEY_ERRORS)


_MISSING_KEY_ERRORS = frozenset({"KeyError", "LookupError"})


def tried_lookups(node: cst.Try) -> list[cst.Subscript]:
    """``CACHE[k]`` read by a simple statement of a ``try`` body whose handler catches a
    missing key (``try: return CACHE[k]`` / ``except KeyError: CACHE[k] = ...``)."""
    if not any(catches_missing_key(h) for h in node.handlers):
        return []
    found: list[cst.Subscript] = []
    for statement in statements(node.body):
        for small in statement.body if type(statement) is cst.SimpleStatementLine else ():
            value = getattr(small, "value", None)
            if type(value) is cst.Subscript:
                found.append(value)
    return found


# ---------------------------------------------------------------------------------
# Statements there to raise: the last one under `with pytest.raises(...)`


def expected_to_raise(ctx: Context, node: cst.CSTNode) -> bool:
    """Whether ``node`` is (in) the last statement of a ``with`` block that expects an
    exception (``pytest.raises``, ``self.assertRaises(Regex)``): see module/test_code.py."""
    return ctx.facts.expected_to_raise(node)


# ---------------------------------------------------------------------------------
# Defaults for arguments the caller left out: `if key is None: key = PRNGKey(0)`


def key_for_structure_only(ctx: Context, made: cst.Call) -> bool:
    """The key ``made`` makes (``jax.random.key(0)``) is handed only to shape-only
    transforms (``jax.eval_shape(model.init, key, x)``) or to calls whose results are read
    for their structure (module/structure_uses.py): nobody sees the numbers it draws."""
    unit = ctx.unit
    scope = unit.node if unit is not None else ctx.module
    return ctx.facts.structure_uses.key_for_structure(made, scope, ctx.qualname)


def none_fallback(ctx: Context, node: cst.CSTNode) -> str | None:
    """The parameter ``node`` stands in for when the caller passes None: ``node`` is the
    value bound to parameter ``p`` under ``if p is None:``, or returned there (``if key is
    None: return PRNGKey(0)``, a default-key helper's body), or the None arm of ``node if p
    is None else p`` / ``p if p is not None else node`` / ``p or node``."""
    unit = ctx.unit
    if unit is None:
        return None
    params = set(unit.param_names)
    parents = parent_map(ctx)
    assigned: str | None = None  # the name the nearest enclosing assignment binds
    child: cst.CSTNode = node
    current = parents.get(id(node))
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.Module)):
        if type(current) is cst.IfExp:
            tested = _none_test(current.test)
            if tested is not None and tested[0] in params:
                fallback, given = (current.body, current.orelse) if tested[1] \
                    else (current.orelse, current.body)
                if child is fallback and type(given) is cst.Name and given.value == tested[0]:
                    return tested[0]
        elif type(current) is cst.BooleanOperation and type(current.operator) is cst.Or \
                and child is current.right and type(current.left) is cst.Name \
                and current.left.value in params:
            return current.left.value
        elif type(current) is cst.Assign and assigned is None:
            targets = [t.target for t in current.targets]
            assigned = targets[0].value if len(targets) == 1 and type(targets[0]) is cst.Name else ""
        elif type(current) is cst.Return and assigned is None:
            assigned = _RETURNED
        elif type(current) is cst.If:
            tested = _none_test(current.test)
            if tested is not None and tested[1] and tested[0] in params \
                    and child is current.body and assigned in (tested[0], _RETURNED):
                return tested[0]
        child = current
        current = parents.get(id(current))
    return None


_RETURNED = "<returned>"  # what a `return` under the test hands back (no name binds it)


def _none_test(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """``p is None`` → (p, True); ``p is not None`` → (p, False)."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or type(test.left) is not cst.Name:
        return None
    target = test.comparisons[0]
    if type(target.comparator) is not cst.Name or target.comparator.value != "None":
        return None
    if type(target.operator) in (cst.Is, cst.Equal):
        return test.left.value, True
    if type(target.operator) in (cst.IsNot, cst.NotEqual):
        return test.left.value, False
    return None


def under_rebuild_guard(ctx: Context, node: cst.CSTNode, region: cst.CSTNode) -> bool:
    """Whether ``node`` runs, within ``region`` (a loop body), only on the iterations that
    ask for it, not on every one: under an ``if flag:`` whose branch clears the flag
    (``need_compile = False``) or an ``if not built:`` whose branch sets it (``built =
    True``; either test may be one of the conditions ``and`` joins), the loop body setting
    it back only on some paths; or under an ``if new != old:`` comparing two names one of
    which the loop binds (``scales != last_scales``, a schedule read at this step and the
    last): the branch runs when the value changed."""
    parents = parent_map(ctx)
    child, current = node, parents.get(id(node))
    while current is not None and current is not region:
        if type(current) is cst.If and child is current.body and (
                any(_sets_flag(current.body, flag, raised=negated)
                    and not _sets_flag(region, flag, raised=not negated)
                    for flag, negated in _flag_tests(current.test))
                or _change_test(current.test, region)):
            return True
        child, current = current, parents.get(id(current))
    return False


def _change_test(test: cst.BaseExpression, region: cst.CSTNode) -> bool:
    """``a != b`` of two names, one bound in ``region``: true when a value the loop
    recomputes differs from the other (a literal or a name the loop never binds would
    make the test the same on every iteration)."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or type(test.comparisons[0].operator) is not cst.NotEqual:
        return False
    left, right = test.left, test.comparisons[0].comparator
    if type(left) is not cst.Name or type(right) is not cst.Name or left.value == right.value:
        return False
    bound = assigned_in(region)
    return left.value in bound or right.value in bound


def _flag_tests(test: cst.BaseExpression) -> list[tuple[str, bool]]:
    """The flags ``test`` needs set (``flag``) or clear (``not flag``), alone or among the
    conditions ``and`` joins: (name, negated)."""
    if type(test) is cst.Name:
        return [(test.value, False)]
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not \
            and type(test.expression) is cst.Name:
        return [(test.expression.value, True)]
    if type(test) is cst.BooleanOperation and type(test.operator) is cst.And:
        return _flag_tests(test.left) + _flag_tests(test.right)
    return []


def _sets_flag(body: cst.CSTNode, flag: str, raised: bool) -> bool:
    """``flag = True`` (``raised``; or 1) or ``flag = False`` (or None, or 0) among the
    statements of ``body`` itself (not in its nested blocks)."""
    values = ("True", "1") if raised else ("False", "None", "0")
    for line in statements(body) if isinstance(body, cst.BaseSuite) else ():
        for small in line.body if type(line) is cst.SimpleStatementLine else (line,):
            if type(small) is cst.Assign and len(small.targets) == 1 \
                    and type(small.targets[0].target) is cst.Name \
                    and small.targets[0].target.value == flag \
                    and isinstance(small.value, (cst.Name, cst.Integer)) \
                    and small.value.value in values:
                return True
    return False


def fills_missing_entry_for_read(ctx: Context, statement: cst.CSTNode,
                                 target: cst.BaseExpression) -> bool:
    """``if "k" not in d: d["k"] = v`` followed by a read of ``d["k"]``: a default filled
    in so that the function's own read finds an entry, not a change made for its callers
    (flaxformer's decoding loop body learns the logits' shape in an eager first call)."""
    key = literal_item_key(target)
    if key is None:
        return False
    parents = parent_map(ctx)
    line = parents.get(id(statement))
    block = parents.get(id(line)) if line is not None else None
    guard = parents.get(id(block)) if block is not None else None
    if type(guard) is not cst.If or guard.body is not block \
            or _missing_key_test(guard.test) != (target.value.value, key):  # type: ignore[attr-defined]
        return False
    outer = parents.get(id(guard))
    body = getattr(outer, "body", None)
    if not isinstance(body, (list, tuple)) or guard not in body:
        return False
    later = body[body.index(guard) + 1:]
    return any(literal_item_key(node) == key and node.value.value == target.value.value  # type: ignore[attr-defined]
               for line in later for node in descendants(line) if type(node) is cst.Subscript)


def runs_only_with_key(ctx: Context, node: cst.CSTNode, name: str, key: str | bytes) -> bool:
    """Whether ``node`` runs only when the dict ``name`` has ``key``: in the body of an
    ``if "k" in d:`` (also one of the conditions ``and`` joins) or the ``else`` of an
    ``if "k" not in d:`` in the same function. A membership test on a dict's keys reads
    its pytree structure, fixed for each trace: what such a branch writes follows the
    input's structure (magvit's ``if "label" in batch: outputs["label"] = ...``)."""
    parents = parent_map(ctx)
    child, current = node, parents.get(id(node))
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.Module)):
        if type(current) is cst.If and child is not current.test \
                and (name, key) in _implied_keys(current.test, child is current.body):
            return True
        child, current = current, parents.get(id(current))
    return False


def _implied_keys(test: cst.BaseExpression, holds: bool) -> set[tuple[str, str | bytes]]:
    """(d, "k") for each ``"k" in d`` that ``test`` holding (or failing) implies."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _implied_keys(test.expression, not holds)
    if type(test) is cst.BooleanOperation:
        # `a and b` holding implies both; `a or b` failing implies neither holds
        if (type(test.operator) is cst.And) == holds:
            return _implied_keys(test.left, holds) | _implied_keys(test.right, holds)
        return set()
    if type(test) is cst.Comparison and len(test.comparisons) == 1 \
            and type(test.left) is cst.SimpleString \
            and type(test.comparisons[0].comparator) is cst.Name:
        operator = type(test.comparisons[0].operator)
        if operator is (cst.In if holds else cst.NotIn):
            return {(test.comparisons[0].comparator.value, test.left.evaluated_value)}
    return set()


def _missing_key_test(test: cst.BaseExpression) -> tuple[str, str] | None:
    """(d, "k") of ``"k" not in d``."""
    if type(test) is cst.Comparison and len(test.comparisons) == 1 \
            and type(test.comparisons[0].operator) is cst.NotIn \
            and type(test.left) is cst.SimpleString and type(test.comparisons[0].comparator) is cst.Name:
        key = test.left.evaluated_value
        return (test.comparisons[0].comparator.value, key) if isinstance(key, str) else None
    return None


# ---------------------------------------------------------------------------------
# Type guards: `isinstance(n, int) and n > 0`, `not _is_tracer(n) and n > 0`


def holds_only_untraced(ctx: Context, test: cst.BaseExpression) -> bool:
    """Whether ``test`` holding says the value it tests is no tracer, so the right side of
    ``test and ...`` runs on a Python value only: an ``isinstance`` test of a type no
    tracer is (``isinstance(n, int)``), a concreteness
    predicate (``is_concrete(x)``), ``not isinstance(x, jax.core.Tracer)``, or a call of
    a one-line helper of the module that returns one of these (t5x's ``_is_tracer``)."""
    negated = type(test) is cst.UnaryOperation and type(test.operator) is cst.Not
    inner = test.expression if negated else test  # type: ignore[attr-defined]
    if type(inner) is not cst.Call:
        return False
    if ctx.qualname(inner.func) == "builtins.isinstance":
        # `isinstance(x, jax.Array)` holds for a tracer; the other types are Python's
        return negated == _tests_for_tracer(ctx, inner)
    func = inner.func
    name = func.attr.value if type(func) is cst.Attribute else \
        func.value if type(func) is cst.Name else None
    if not negated and name in CONCRETENESS_GUARDS:
        return True
    returned = _returned_test(ctx, inner)
    if returned is None:
        return False
    if negated:
        return _tests_for_tracer(ctx, returned)
    return returned is not test and holds_only_untraced(ctx, returned)


def _tests_for_tracer(ctx: Context, test: cst.BaseExpression) -> bool:
    """``isinstance(x, jax.core.Tracer)`` (or another JAX array type, which a tracer is)."""
    if type(test) is not cst.Call or len(test.args) != 2 \
            or ctx.qualname(test.func) != "builtins.isinstance":
        return False
    types = test.args[1].value
    items = [e.value for e in types.elements] if type(types) is cst.Tuple else [types]
    return all(ctx.qualname(item) in JAX_ARRAY_TYPES for item in items)


def _returned_test(ctx: Context, call: cst.Call) -> cst.BaseExpression | None:
    """What a helper of the module whose body is one ``return`` returns, when ``call``
    passes it one value as the helper's only parameter."""
    callee = ctx.resolver.function(call.func, ctx.unit)
    if callee is None or type(callee.node) is not cst.FunctionDef or len(call.args) != 1 \
            or len(callee.params) != 1:
        return None
    body = list(statements(callee.node.body))
    if len(body) != 1 or type(body[0]) is not cst.SimpleStatementLine:
        return None
    small = body[0].body[0]
    return small.value if type(small) is cst.Return else None
