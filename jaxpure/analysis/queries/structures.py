"""The pytree structure of a value as far as the source shows it, and where two values
that JAX requires to match differ: a loop's initial carry against what its body returns,
the branches of ``lax.cond``/``lax.switch`` against each other (JXP501).

Only what the source states is compared: literals (``{"h": ...}``, ``(a, b)``), direct calls
of a module-level NamedTuple or pytree class (``State(h, c)``), also through a name bound
once (``init = State(...)``), and for an unknown initial carry what the body does with it
(``a, b = carry`` gives its length; ``carry.pos`` reads fields of an object). Anything else
is unknown, and unknown agrees with everything: precision first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import libcst as cst

from jaxpure.analysis.catalog.arrays import ARRAY_ATTRS, STATIC_ATTRS
from jaxpure.analysis.catalog.pytrees import (
    NAMEDTUPLE_FACTORIES,
    PYTREE_BASES,
    PYTREE_DECORATORS,
    PYTREE_REGISTRATIONS,
)
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import Unit, refers_to_module
from jaxpure.analysis.queries.leaves import dtype_class, is_leaf
from jaxpure.analysis.syntax import call_arg, push_children, descendants, returned_values, statements, target_names

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

StructureKind = Literal["dict", "tuple", "list", "class", "fields", "leaf", "none", "value"]


@dataclass(frozen=True)
class Structure:
    """A pytree shape: a dict with ``keys``, a tuple or list of ``length`` (JAX flattens a
    list and a tuple to different nodes), an instance of the pytree class ``name`` (``what``
    says which kind: "NamedTuple", ...), an object whose fields ``keys`` are read, a
    single array leaf (``what``: "int" or "float" when known), ``None`` (no leaves), or
    a value known only not to be None (``a + b``)."""

    kind: StructureKind
    keys: frozenset[str] = frozenset()
    length: int = 0
    name: str = ""
    what: str = ""


LEAF = Structure("leaf")
NONE = Structure("none")


@dataclass(frozen=True)
class Mismatch:
    """Where ``got`` (a returned carry or branch output) differs from ``expected``."""

    expected: Structure
    got: Structure
    where: cst.BaseExpression


def literal_structure(expr: cst.BaseExpression | None) -> Structure | None:
    """A dict literal with string keys, a tuple/list literal without ``*``, or ``None``."""
    if type(expr) is cst.Name and expr.value == "None":
        return NONE
    if type(expr) is cst.Dict:
        keys: list[str] = []
        for element in expr.elements:
            if not type(element) is cst.DictElement or not type(element.key) is cst.SimpleString:
                return None
            key = element.key.evaluated_value
            if not isinstance(key, str):
                return None
            keys.append(key)
        return Structure("dict", keys=frozenset(keys))
    if type(expr) is cst.Tuple or type(expr) is cst.List:
        if any(type(e) is cst.StarredElement for e in expr.elements):
            return None
        return Structure("list" if type(expr) is cst.List else "tuple", length=len(expr.elements))
    return None


# -- classes whose instances are pytree nodes of their own type ---------------------------
# A NamedTuple or a registered pytree class flattens to a node of *that class*: a carry that
# goes in as `State(h, c)` and comes out as `(h, c)` has a different structure.


def pytree_class(ctx: Context, name: str) -> str | None:
    """What the module-level class ``name`` is ("NamedTuple", ...) if its instances are
    pytree nodes of their own type; None when unknown (or a plain class, or rebound)."""
    cache = ctx.facts.pytree_classes
    if name not in cache:
        cache[name] = _classify(ctx, name)
    return cache[name]


def _classify(ctx: Context, name: str) -> str | None:
    index = ctx.index
    bindings = index.bindings.get(name)
    if not bindings or len(bindings) != 1 or name in index.global_writes:
        return None
    qualname = ctx.resolver.qualname
    value = bindings[0].value
    if value is not None:  # State = namedtuple("State", "h c")
        if type(value) is cst.Call and qualname(value.func, None) in NAMEDTUPLE_FACTORIES:
            return "NamedTuple"
        return None
    node = index.class_nodes.get(name)
    if node is None:
        return None
    for base in node.bases:
        if base.keyword is not None:
            continue
        found = PYTREE_BASES.get(qualname(base.value, None) or "")
        if found is not None:
            return found
        if type(base.value) is cst.Call and qualname(base.value.func, None) in NAMEDTUPLE_FACTORIES:
            return "NamedTuple"  # class State(namedtuple("State", "h c")): ...
    for decorator in node.decorators:
        func = decorator.decorator
        if type(func) is cst.Call:
            inner = func
            func = inner.func
            if qualname(func, None) == "functools.partial" and inner.args:
                func = inner.args[0].value  # @partial(register_dataclass, data_fields=...)
        found = PYTREE_DECORATORS.get(qualname(func, None) or "")
        if found is not None:
            return found
    for call in index.module_calls:
        first = call_arg(call, 0)
        if type(first) is cst.Name and first.value == name \
                and qualname(call.func, None) in PYTREE_REGISTRATIONS:
            return "registered pytree class"
    return None


def structure(ctx: Context, expr: cst.BaseExpression, unit: Unit | None,
              initial: bool = False, weak_ints: bool = False) -> Structure | None:
    """A literal's structure, ``State(h, c)``'s where State is a module-level NamedTuple or
    pytree class (read in ``unit``), or a single array's (see leaves.is_leaf: an
    ``initial`` value counts only as a number or a ``jnp`` call); None if unknown."""
    found = literal_structure(expr)
    if found is not None:
        return found
    if is_leaf(ctx.resolver, expr, unit, initial):
        return Structure("leaf", what=dtype_class(ctx.resolver, expr, unit, weak_ints) or "")
    if type(expr) is cst.Call and type(expr.func) is cst.Name \
            and refers_to_module(unit, expr.func.value):
        what = pytree_class(ctx, expr.func.value)
        if what is not None:
            return Structure("class", name=expr.func.value, what=what)
    return None


def _parts(expr: cst.BaseExpression) -> dict[object, cst.BaseExpression]:
    """The elements of a tuple/list literal by position, of a dict literal by key."""
    if type(expr) is cst.Tuple or type(expr) is cst.List:
        return {i: e.value for i, e in enumerate(expr.elements)}
    if type(expr) is cst.Dict:
        return {e.key.evaluated_value: e.value for e in expr.elements
                if type(e) is cst.DictElement and type(e.key) is cst.SimpleString}
    return {}


def _bound(ctx: Context, unit: Unit | None, expr: cst.BaseExpression) -> tuple[cst.BaseExpression, Unit | None]:
    """A name bound exactly once: the value it holds, and the scope that value is read
    in; anything else as it is."""
    found = single_value(ctx.index, unit, expr.value) if type(expr) is cst.Name else None
    return found if found is not None else (expr, unit)


def _local_literal(unit: Unit, value: cst.BaseExpression) -> cst.BaseExpression | None:
    """``new`` in ``new = {...}; return new, x``: the value a local bound once holds (at the
    top level of the body)."""
    if not type(value) is cst.Name or unit.assigned.get(value.value) != 1 \
            or isinstance(unit.node, cst.Lambda) or _filled_in(unit, value.value):
        return None
    for statement in statements(unit.node.body):
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                if type(small) is cst.Assign and len(small.targets) == 1 and \
                        type(small.targets[0].target) is cst.Name and \
                        small.targets[0].target.value == value.value:
                    return small.value
    return None


def _filled_in(unit: Unit, name: str) -> bool:
    """Whether ``unit`` stores entries into ``name`` (``metrics["total"] = ...``, also as
    an unpacking target: ``metrics["a"], metrics["b"] = pair``): its literal is only where
    its structure starts."""
    if unit.store_orders.get(name):
        return True
    for node in descendants(unit.node):
        if type(node) is cst.Assign and any(
                _stores_into(target.target, name) for target in node.targets):
            return True
    return False


def _stores_into(target: cst.BaseExpression, name: str) -> bool:
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_stores_into(element.value, name) for element in target.elements)
    return type(target) is cst.Subscript and type(target.value) is cst.Name \
        and target.value.value == name


_OPERATIONS = (cst.BinaryOperation, cst.UnaryOperation)


def compare(ctx: Context, expected: tuple[cst.BaseExpression, Unit | None],
            got: tuple[cst.BaseExpression, Unit],
            anchor: cst.BaseExpression | None = None, branches: bool = False) -> Mismatch | None:
    """The first place where ``got``'s structure differs from ``expected``'s (an initial
    carry; another branch's output with ``branches``), comparing literals element by element;
    None when they agree or either side is unknown. Array leaves differ only in a known
    dtype class."""
    expected_expr, expected_unit = _bound(ctx, expected[1], expected[0])
    got_expr, body_unit = got
    resolved = _local_literal(body_unit, got_expr)
    if resolved is not None:
        anchor = anchor or got_expr  # report the name in the return, not its assignment
        got_expr = resolved
    want = structure(ctx, expected_expr, expected_unit, initial=not branches, weak_ints=branches)
    have = structure(ctx, got_expr, body_unit, weak_ints=branches)
    if want == NONE and have is None and isinstance(got_expr, _OPERATIONS):
        have = Structure("value")  # `xs + i` for a None carry: whatever it is, not None
    if want is None or have is None:
        return None
    if want.kind == "leaf" and have.kind == "leaf":
        differ = want.what and have.what and want.what != have.what
        return Mismatch(want, have, anchor or got_expr) if differ else None
    if want != have:
        return Mismatch(want, have, anchor or got_expr)
    if want.kind in ("tuple", "list", "dict"):
        inner = _parts(got_expr)
        for key, part in _parts(expected_expr).items():
            if key in inner:
                found = compare(ctx, (part, expected_unit), (inner[key], body_unit), anchor,
                                branches)
                if found is not None:
                    return found
    return None


# -- what a loop body does with a carry of unknown structure ------------------------------


def _carry_param(unit: Unit, param_index: int) -> str | None:
    positional = [p for p in unit.params if p.index >= 0]
    if param_index >= len(positional) or isinstance(unit.node, cst.Lambda):
        return None
    return positional[param_index].name


def unpacked_carry(unit: Unit, param_index: int) -> Structure | None:
    """``a, b = carry`` among the body's first statements gives the carry as a 2-tuple."""
    name = _carry_param(unit, param_index)
    if name is None or isinstance(unit.node, cst.Lambda):
        return None
    for statement in statements(unit.node.body)[:3]:
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                if type(small) is cst.Assign and type(small.value) is cst.Name \
                        and small.value.value == name and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, (cst.Tuple, cst.List)):
                    target = small.targets[0].target
                    if not any(type(e.value) is cst.StarredElement for e in target.elements):
                        return Structure("tuple", length=len(target_names(target)))
    return None


def field_carry(unit: Unit, param_index: int) -> Structure | None:
    """The fields read from the carry parameter (``p.pos``, ``p.vel``) when it is used only
    that way: no subscript, no unpacking, no array attribute or method (``p.shape``,
    ``p.sum()``), and not passed on whole, which could hand it to anything."""
    name = _carry_param(unit, param_index)
    if name is None or name in unit.assigned or isinstance(unit.node, cst.Lambda):
        return None
    fields: set[str] = set()
    stack: list[cst.CSTNode] = [unit.node.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Attribute and type(node.value) is cst.Name \
                and node.value.value == name:
            attr = node.attr.value
            if attr in STATIC_ATTRS or attr in ARRAY_ATTRS or attr.startswith("_"):
                return None
            fields.add(attr)
            continue
        if type(node) is cst.Call and type(node.func) is cst.Attribute \
                and type(node.func.value) is cst.Name and node.func.value.value == name:
            return None  # a method: `p.sum()`, `p.replace(...)`
        if type(node) is cst.Name and node.value == name:
            return None  # used whole: `f(p)`, `p[...]`, `a, b = p`, `return p`
        push_children(node, stack)  # libcst's .children runs a visitor: slow
    return Structure("fields", keys=frozenset(fields)) if fields else None


# -- the comparisons JAX makes ------------------------------------------------------------


def loop_carry_mismatches(ctx: Context, call: cst.Call, qual: str) -> list[Mismatch]:
    """For a call of a lax loop (``CARRY_LOOPS``): each returned carry whose structure
    differs from the initial value's (or from what the body shows of an unknown one)."""
    body_pos, body_kw, init_pos, init_kw, carry_index = CARRY_LOOPS[qual]
    body = call_arg(call, body_pos, body_kw)
    unit = ctx.resolver.function(body, ctx.unit) if body is not None else None
    init = call_arg(call, init_pos, init_kw)
    if unit is None or init is None:
        return []
    shown: Structure | None = None  # what the body shows of an initial carry of unknown structure
    init_expr, init_unit = _bound(ctx, ctx.unit, init)
    if structure(ctx, init_expr, init_unit, initial=True) is None:
        # `a, b = carry` says it is a sequence of two (a tuple, a list, a NamedTuple...)
        shown = unpacked_carry(unit, carry_index)
        if shown is None and not type(init_expr) is cst.Call:
            # `carry.pos`, `carry.vel`: an object with fields (a dataclass, a NamedTuple),
            # which no tuple or dict literal matches (only for a value from elsewhere: a call
            # of a plain class fails otherwise)
            shown = field_carry(unit, carry_index)
        if shown is None:
            return []
    found: list[Mismatch] = []
    for value in returned_values(unit.node):
        carry = value
        if qual == "jax.lax.scan":
            if not type(value) is cst.Tuple or len(value.elements) != 2:
                continue
            carry = value.elements[0].value
        if shown is None:
            mismatch = compare(ctx, (init, ctx.unit), (carry, unit))
        else:
            got = literal_structure(carry) or literal_structure(_local_literal(unit, carry))
            mismatch = Mismatch(shown, got, carry) \
                if got is not None and _differs_from_shown(shown, got) else None
        if mismatch is not None:
            found.append(mismatch)
    return found


def _differs_from_shown(shown: Structure, got: Structure) -> bool:
    if shown.kind == "fields":
        return True  # no literal is an object with fields
    # `a, b = carry` tells the length, not whether it is a tuple or a list
    return got.kind in ("tuple", "list") and got.length != shown.length


def branch_mismatch(ctx: Context, call: cst.Call, qual: str) -> Mismatch | None:
    """For a call of ``lax.cond``/``lax.switch``: the first returned value whose structure
    differs from another branch's (``expected``)."""
    if qual == "jax.lax.cond":
        funcs = [call_arg(call, 1, "true_fun"), call_arg(call, 2, "false_fun")]
    else:
        branches = call_arg(call, 1, "branches")
        funcs = [e.value for e in branches.elements] \
            if type(branches) is cst.List or type(branches) is cst.Tuple else []
    first: tuple[cst.BaseExpression, Unit] | None = None
    for func in funcs:
        unit = ctx.resolver.function(func, ctx.unit) if func is not None else None
        if unit is None:
            continue
        for value in returned_values(unit.node):
            if structure(ctx, value, unit, weak_ints=True) is None \
                    and _local_literal(unit, value) is None:
                continue
            if first is None:
                first = (value, unit)
                continue
            found = compare(ctx, first, (value, unit), branches=True)
            if found is not None:
                return found
    return None
