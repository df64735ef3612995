"""What a name was bound to, and what that value is: a mutable container, a Python table,
a NumPy array, an unhashable static argument, a memoiser
(JXP101, JXP103, JXP201, JXP403, JXP602); where a call takes axis numbers, and whether a value
there holds tracers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.bindings import binding_value, single_value
from jaxpure.analysis.module.attributes import self_param
from jaxpure.analysis.module.classes import field_holds_array, string_constant
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.catalog.arrays import (
    JAX_ARRAY_CREATORS,
    MUTABLE_CONTAINER_CALLS,
    NUMPY_ARRAY_CREATORS,
    is_mutable_value,
)
from jaxpure.analysis.catalog.shapes import AXIS_KEYWORDS, AXIS_NAMESPACES, AXIS_POSITIONS
from jaxpure.analysis.lattice import TRACED, TRACED_ARRAY, is_traced
from jaxpure.analysis.syntax import (call_arg, descendants, keyword_arg, own_loops, returned_values,
                                     target_names)

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def bound_values(ctx: Context, name: str) -> list[cst.BaseExpression | None] | None:
    """Every value the name ``name`` (as read in the current unit) is bound to, in the scope
    that owns it; ``None`` entries are bindings without a plain value (parameters, loop
    targets, imports, augmented assignments). None when the owner is unknown."""
    scope = ctx.scope_of(name)
    unit = ctx.unit
    if scope == "local" and unit is not None:
        return ctx.facts.unit_bindings(unit).get(name)
    if scope == "closure":
        owner = ctx.defining_unit(name)
        return ctx.facts.unit_bindings(owner).get(name) if owner is not None else None
    if scope == "module":
        if name in ctx.index.import_names or name in ctx.index.def_names:
            return [None]
        found = ctx.index.bindings.get(name)
        if found is None:
            return None
        return [binding_value(b) for b in found]
    return None


def _all_bound(ctx: Context, name: str, test) -> bool:
    values = bound_values(ctx, name) or []
    return bool(values) and all(v is not None and test(ctx, v) for v in values)


def is_mutable_container(ctx: Context, value: cst.BaseExpression) -> bool:
    """A list/dict/set display or comprehension, or a call making a Python container."""
    if isinstance(value, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)):
        return True
    if type(value) is cst.Call:
        return ctx.qualname(value.func) in MUTABLE_CONTAINER_CALLS
    return False


_TABLE_CALLS = frozenset({"builtins.list", "builtins.tuple", "builtins.dict", "builtins.range",
                          "builtins.sorted", "collections.OrderedDict", "collections.defaultdict",
                          "collections.deque"})


def is_python_table(ctx: Context, value: cst.BaseExpression, depth: int = 0) -> bool:
    """Certainly a list, tuple, dict or range (a display, a comprehension, a constructor, or
    a name bound only to those): indexing it needs a concrete index. Anything else (a
    parameter, an attribute, a call's result) may be an array, which a tracer indexes fine."""
    if isinstance(value, (cst.List, cst.Tuple, cst.Dict, cst.ListComp, cst.DictComp)):
        return True
    if type(value) is cst.Call:
        return ctx.qualname(value.func) in _TABLE_CALLS
    if type(value) is cst.BinaryOperation and isinstance(value.operator, (cst.Add, cst.Multiply)):
        # `[x] + [zeros_like(x) for _ in ws]`, `[None] * n`
        return is_python_table(ctx, value.left, depth + 1) or (
            type(value.operator) is cst.Add and is_python_table(ctx, value.right, depth + 1))
    if type(value) is cst.Name and depth < 3:
        values = bound_values(ctx, value.value) or []
        return bool(values) and all(v is not None and is_python_table(ctx, v, depth + 1)
                                    for v in values)
    return False


def axis_arguments(ctx: Context, call: cst.Call) -> list[cst.BaseExpression]:
    """What ``call`` passes where JAX needs axis numbers as Python ints: ``axis=``/``axes=``
    of a ``jnp``/``jax.nn`` function or of a method of a traced array (``x.sum(axis=a)``),
    and the positional axis of the calls that take one (``jnp.expand_dims(x, a)``)."""
    func = call.func
    qual = ctx.qualname(func)
    if qual is None:
        if not (type(func) is cst.Attribute and is_traced(ctx.kind(func.value))):
            return []
        found = (keyword_arg(call, name) for name in AXIS_KEYWORDS)
        return [arg.value for arg in found if arg is not None]
    if not qual.startswith(AXIS_NAMESPACES):
        return []
    values = [call_arg(call, position, None) for position in AXIS_POSITIONS.get(qual, ())]
    values += [arg.value for name in AXIS_KEYWORDS if (arg := keyword_arg(call, name))]
    return [value for value in values if value is not None]


def holds_tracers(ctx: Context, value: cst.BaseExpression) -> bool:
    """A traced array, a tuple/list display with one among its elements, or ``tuple(a)`` /
    ``list(a)`` of a traced array: iterating a tracer gives tracers, so
    ``tuple(jnp.arange(a, b))`` under a transform is a tuple of traced scalars, not of ints
    (``jnp.arange`` of static bounds is staged too)."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return any(holds_tracers(ctx, e.value) for e in value.elements
                   if type(e) is not cst.StarredElement)
    if type(value) is cst.Call and len(value.args) == 1 and value.args[0].keyword is None \
            and value.args[0].star == "" \
            and ctx.qualname(value.func) in ("builtins.tuple", "builtins.list"):
        return ctx.kind(value.args[0].value) == TRACED_ARRAY
    return ctx.kind(value) == TRACED_ARRAY


def is_string(ctx: Context, value: cst.BaseExpression) -> bool:
    """A string by construction: a literal, a module constant bound only to string literals
    (``KEY = "obs"``), a class constant of this module (``Wrapper.KEY``, ``self.KEY``), or
    a parameter annotated ``str`` that the function never rebinds (``key: str``: a JAX array
    indexed by a string raises, so the annotation is all the caller can mean). Indexing
    with one means a dict, never an array."""
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)):
        return True
    if type(value) is cst.Name and ctx.scope_of(value.value) == "local" \
            and (_str_parameter(ctx.unit, value.value) or _string_loop_key(ctx, value.value)):
        return True
    if type(value) is cst.Name:
        return ctx.scope_of(value.value) == "module" and _all_bound(
            ctx, value.value, lambda _, v: isinstance(v, (cst.SimpleString, cst.ConcatenatedString)))
    if type(value) is cst.Attribute and type(value.value) is cst.Name:
        owner = value.value.value
        if owner == "self" and ctx.unit is not None and ctx.unit.class_name:
            owner = ctx.unit.class_name
        return string_constant(ctx.index, owner, value.attr.value)
    return False


def keyed_by_string(ctx: Context, name: str) -> bool:
    """Whether the function indexes the local ``name`` with a string anywhere (``mdl_vars
    ["params"] = ...`` beside ``mdl_vars[collection] = ...``): a JAX array indexed by a
    string raises, so the object is a dict (or a dict-like pytree), whatever else indexes
    it. Only for a name the function binds once: a rebinding may hold another object."""
    unit = ctx.unit
    if unit is None or type(unit.node) is not cst.FunctionDef or unit.param(name) is not None \
            or unit.assigned.get(name) != 1:
        return False
    return any(type(node) is cst.Subscript and type(node.value) is cst.Name
               and node.value.value == name and len(node.slice) == 1
               and type(node.slice[0].slice) is cst.Index
               and is_string(ctx, node.slice[0].slice.value)
               for node in descendants(unit.node.body))


def _string_loop_key(ctx: Context, name: str) -> bool:
    """``key`` bound only by loops over the keys of a dict display with string keys, or of
    a tuple or list of strings: ``for key, value in updates.items():`` after ``updates =
    {"append_mask": ..., "n_append": ...}`` (quadax's solver state written back)."""
    unit = ctx.unit
    if unit is None or type(unit.node) is not cst.FunctionDef or unit.param(name) is not None:
        return False
    loops = [loop for loop in own_loops(unit.node.body) if name in target_names(loop.target)]
    return bool(loops) and len(loops) == unit.assigned.get(name) \
        and all(_iterates_string_keys(ctx, loop, name) for loop in loops)


def _iterates_string_keys(ctx: Context, loop: cst.For, name: str) -> bool:
    source, method = loop.iter, None
    if type(source) is cst.Call and type(source.func) is cst.Attribute and not source.args \
            and source.func.attr.value in ("keys", "items"):
        method = source.func.attr.value
        source = source.func.value
    target = loop.target
    if method == "items":
        if type(target) is not cst.Tuple or len(target.elements) != 2 \
                or type(target.elements[0].value) is not cst.Name \
                or target.elements[0].value.value != name:
            return False
    elif type(target) is not cst.Name:
        return False
    if type(source) is cst.Name and ctx.scope_of(source.value) == "local":
        found = single_value(ctx.index, ctx.unit, source.value)
        source = found[0] if found is not None else source
    if type(source) is cst.Dict:
        return all(type(e) is cst.DictElement and is_string(ctx, e.key) for e in source.elements)
    return method is None and isinstance(source, (cst.Tuple, cst.List)) and all(
        type(e) is cst.Element and is_string(ctx, e.value) for e in source.elements)


def _str_parameter(unit: Unit | None, name: str) -> bool:
    if unit is None:
        return False
    param = unit.param(name)
    return param is not None and not param.star and type(param.annotation) is cst.Name \
        and param.annotation.value == "str" and name not in unit.assigned


def array_field(ctx: Context, expr: cst.BaseExpression) -> bool:
    """``data.qvel``: a field of a traced pytree that holds an array leaf. A traced array's
    attributes are arrays; a field of a traced value of unknown structure is one unless a
    class of the module declares a member so named as something else (a dict, a NumPy
    array, a method: matched by name), or the value is the method's own instance, whose
    class is shown and does not declare it an array. A field no class here declares is
    taken for a leaf, as the leaves a traced pytree is read for mostly are. Nor one a class
    of another module that this one imports declares a container (its summary says)."""
    if type(expr) is not cst.Attribute:
        return False
    kind = ctx.kind(expr)
    if kind == TRACED_ARRAY:
        return True
    if kind != TRACED:
        return False
    declared = field_holds_array(ctx.index, ctx.resolver, expr.attr.value)
    if declared is not None:
        return declared
    # a class of another module, imported here, declares it a Python container (a dict of
    # arrays): matched by name, as this module's own declarations are
    return expr.attr.value not in ctx.facts.imported_container_fields \
        and not _own_instance(ctx, expr.value)


def _own_instance(ctx: Context, expr: cst.BaseExpression) -> bool:
    """``self`` of the method (or of the method a nested function is in)."""
    unit = ctx.unit
    while unit is not None and not unit.parent_is_class:
        unit = unit.parent
    return type(expr) is cst.Name and unit is not None and not unit.is_staticmethod \
        and self_param(unit) == expr.value


def is_numpy_array(ctx: Context, value: cst.BaseExpression) -> bool:
    if type(value) is cst.Call:
        qual = ctx.qualname(value.func)
        return qual in NUMPY_ARRAY_CREATORS
    return False


def names_mutable_container(ctx: Context, name: str) -> bool:
    return _all_bound(ctx, name, is_mutable_container)


def names_numpy_array(ctx: Context, name: str) -> bool:
    return _all_bound(ctx, name, is_numpy_array)


def unhashable_value(ctx: Context, value: cst.BaseExpression, follow_names: bool = True) -> str | None:
    """A description of ``value`` when it is certainly unhashable: a list/dict/set display
    or comprehension, a Python container constructor, or a NumPy/JAX array creation."""
    mutable = is_mutable_value(value, ctx.qualname)
    if mutable is not None:
        return mutable
    if type(value) is cst.BinaryOperation and isinstance(_list_operand(value), cst.List):
        return "a list"  # `[width] * depth`, `[a] + rest`
    if type(value) is cst.Call:
        if ctx.qualname(value.func) in JAX_ARRAY_CREATORS:
            return "a JAX array"
        if type(value.func) is cst.Attribute and value.func.attr.value in PARSE_ARGS:
            return "an `argparse.Namespace` (it defines `__eq__`, so it has no hash)"
        if ctx.qualname(value.func) == "builtins.sorted":
            return "a list (what `sorted` returns)"
        if type(value.func) is cst.Attribute and value.func.attr.value in LIST_METHODS \
                and ctx.qualname(value.func) is None:
            # `flag.split(",")` (not `jnp.split`, a module function, though it too gives a list)
            return f"a list (what `.{value.func.attr.value}()` returns)"
        # `widths = layer_widths(2, 3)`: a helper of this module that returns a list
        helper = ctx.resolver.function(value.func, ctx.unit)
        if helper is not None and type(helper.node) is cst.FunctionDef:
            returned = returned_values(helper.node)
            kinds = {is_mutable_value(_list_operand(r), lambda e: None) for r in returned}
            if returned and len(kinds) == 1 and None not in kinds:
                return f"{kinds.pop()} (what `{helper.name}` returns)"
        return _unhashable_dataclass(ctx, value.func)
    if follow_names and type(value) is cst.Name:
        values = bound_values(ctx, value.value)
        if values and all(v is not None for v in values):
            kinds = {unhashable_value(ctx, v, follow_names=False) for v in values if v is not None}
            if len(kinds) == 1 and None not in kinds:
                return kinds.pop()
    return None


PARSE_ARGS = frozenset({"parse_args", "parse_intermixed_args"})
LIST_METHODS = frozenset({"split", "rsplit", "splitlines"})
MEMOISERS = frozenset({"functools.lru_cache", "functools.cache"})


def memoiser(ctx: Context, unit: Unit) -> cst.Decorator | None:
    """The ``@functools.lru_cache``/``@functools.cache`` decorator of a def, if any: such a
    function returns one object per argument tuple, built on the first call."""
    if not type(unit.node) is cst.FunctionDef:
        return None
    for decorator in unit.node.decorators:
        expr = decorator.decorator
        if ctx.qualname(expr.func if type(expr) is cst.Call else expr) in MEMOISERS:
            return decorator
    return None


def _list_operand(value: cst.BaseExpression) -> cst.BaseExpression:
    """``[w] * depth`` and ``[a] + rest`` build lists: the list display they start from."""
    while type(value) is cst.BinaryOperation and isinstance(value.operator, (cst.Multiply, cst.Add)):
        value = value.left if isinstance(value.left, (cst.List, cst.BinaryOperation)) else value.right
    return value


def _unhashable_dataclass(ctx: Context, func: cst.BaseExpression) -> str | None:
    """``Config(...)`` of a ``@dataclasses.dataclass`` of this module that is neither frozen
    nor hashed otherwise: ``eq=True`` (the default) sets its ``__hash__`` to None."""
    if not type(func) is cst.Name or ctx.scope_of(func.value) != "module":
        return None
    node = ctx.index.class_nodes.get(func.value)
    if node is None or any(
        type(s) is cst.SimpleStatementLine and any(
            type(t.target) is cst.Name and t.target.value == "__hash__"
            for small in s.body if type(small) is cst.Assign for t in small.targets)
        or type(s) is cst.FunctionDef and s.name.value == "__hash__"
        for s in (node.body.body if type(node.body) is cst.IndentedBlock else ())
    ):
        return None
    for decorator in node.decorators:
        expr = decorator.decorator
        call = expr if type(expr) is cst.Call else None
        if ctx.qualname(call.func if call else expr) != "dataclasses.dataclass":
            continue
        options = {a.keyword.value: a.value for a in (call.args if call else ()) if a.keyword}
        if any(isinstance(option := options.get(k), cst.Name) and option.value == "True"
               for k in ("frozen", "unsafe_hash")):
            return None
        eq = options.get("eq")
        if type(eq) is cst.Name and eq.value == "False":
            return None  # identity hash
        return f"an instance of the non-frozen dataclass `{func.value}`"
    return None


# ---------------------------------------------------------------------------------
# Calls with an effect at trace time
