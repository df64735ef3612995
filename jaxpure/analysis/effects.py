"""Side effects of traced code: writes that reach state outside the trace, calls whose effect
happens once at trace time, and functions that run again and again (called in loops).

The flow walker answers "is this value traced?"; this module answers the questions the
side-effect rules (JXP102-105, JXP601-603) add on top of it:

* :func:`outer_target` / :func:`outer_object`: does a store (``G = v``, ``obj.a = v``,
  ``CACHE[k] = v``, ``lst.append(v)``) write to an object that outlives the current trace
  (``self``, a global, a module-level or closed-over object), and whose is it?
* :func:`bound_values`, :func:`is_mutable_container`: what a name was bound to, so that a
  generic method name (``update``, ``add``) is only read as a mutation on a real container.
* :func:`side_effect_of`: which calls do something at trace time that a cached executable
  will not repeat (``print``, logging, clocks, Python/NumPy randomness, file I/O).
* :func:`repeated_units`: which functions are called inside a Python loop (or from one).

Memos live in the file's ModuleFacts (``ctx.facts``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.bindings import binding_value
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.catalog.side_effects import (  # noqa: F401 - E.NONE_RETURNING
    CLOCK_CALLS,
    CONTAINER_METHODS,
    ENTROPY_CALLS,
    GENERATOR_DRAWS,
    IO_CALLS,
    LOG_METHODS,
    LOGGER_FACTORIES,
    LOGGER_NAMES,
    LOGGING_MODULES,
    NONE_RETURNING,
    NUMPY_METHODS,
    SEEDED_CONSTRUCTORS,
    STORING_METHODS,
    TRACE_MESSAGE,
)
from jaxpure.analysis.catalog.arrays import (
    JAX_ARRAY_CREATORS,
    MUTABLE_CONTAINER_CALLS,
    NUMPY_ARRAY_CREATORS,
    is_mutable_value,
)
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.syntax import (
    COMPREHENSIONS,
    NODE_TYPES,
    child_fields,
    children,
    enclosing_nodes,
    handler_catches,
    reads_any,
    returned_values,
    statements,
)

if TYPE_CHECKING:  # context.py imports nothing from here; keep it that way
    from jaxpure.analysis.context import Context

# ---------------------------------------------------------------------------------
# Where a store goes


@dataclass(frozen=True)
class Outer:
    """The owner of an object a store writes to, when it is not the current call's own.

    ``kind`` is ``self`` (the first parameter of a method, possibly seen from a nested
    function), ``global`` / ``nonlocal`` (a declared name), ``module`` (a module-level
    object), ``closure`` (an object bound in an enclosing function), or ``default`` (the
    mutable default value of a parameter, ``cache=[]``).
    ``inner_trace`` marks a closure whose owner is itself traced: the object lives only as
    long as the enclosing trace, so writing plain values to it is fine, but a value traced
    by the inner transform (a ``grad``/``scan`` body) still escapes that inner trace.
    """

    kind: str
    name: str
    inner_trace: bool = False


def root_name(node: cst.BaseExpression) -> cst.Name | None:
    """``a`` for ``a.b[c].d``; None when the chain does not start from a name."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node if type(node) is cst.Name else None


def self_unit(ctx: Context, name: str) -> Unit | None:
    """The method whose first parameter ``name`` is, as seen from the current unit."""
    unit = ctx.unit
    while unit is not None:
        if unit.binds(name):
            if unit.parent_is_class and not unit.is_staticmethod:
                first = next((p for p in unit.params if p.index == 0), None)
                if first is not None and first.name == name:
                    if name in unit.assigned:
                        return None  # `self = ...` rebinds it
                    return unit
            return None
        unit = unit.parent
    return None


def _owner_traced(ctx: Context, owner: Unit | None) -> bool:
    if owner is None:
        return False
    info = ctx.traced_analysis.info.get(id(owner))
    return info is not None and info.traced


def _writer_direct(ctx: Context) -> bool:
    """The current function is traced by a transform of its own (not only via a caller)."""
    info = ctx.info
    return info is not None and info.direct


def outer_object(ctx: Context, name: str) -> Outer | None:
    """Whose object the name ``name`` (read in the current unit) refers to, if not local."""
    if ctx.unit is None:
        return None
    if self_unit(ctx, name) is not None:
        return Outer("self", name)
    if mutable_default(ctx, name):
        return Outer("default", name)
    scope = ctx.scope_of(name)
    if scope == "module":
        return Outer("module", name)
    if scope == "closure":
        owner = ctx.defining_unit(name)
        if _owner_traced(ctx, owner):
            if not _writer_direct(ctx):
                return None  # created by the same trace (a helper of the traced function)
            return Outer("closure", name, inner_trace=True)
        return Outer("closure", name)
    return None


def mutable_default(ctx: Context, name: str) -> bool:
    """A parameter of the current function whose default is a list/dict/set display
    (``cache=[]``): the one default object lives as long as the function and is shared by
    every call that does not pass the argument."""
    unit = ctx.unit
    if unit is None or name in unit.assigned:
        return False
    param = unit.param(name)
    return param is not None and mutable_default_param(param)


def mutable_default_param(param: Param) -> bool:
    # a display or comprehension, whatever the names in it resolve to
    return param.default is not None and is_mutable_value(param.default, lambda e: None) is not None


def outer_name(ctx: Context, name: str) -> Outer | None:
    """A plain-name store target: a ``global``/``nonlocal`` declared name, else None."""
    unit = ctx.unit
    if unit is None:
        return None
    if name in unit.declared_global:
        return Outer("global", name)
    if name in unit.declared_nonlocal:
        owner = ctx.defining_unit(name)
        if _owner_traced(ctx, owner):
            if not _writer_direct(ctx):
                return None
            return Outer("nonlocal", name, inner_trace=True)
        return Outer("nonlocal", name)
    return None


def outer_target(ctx: Context, target: cst.BaseExpression) -> Outer | None:
    """For a store target (``G``, ``obj.a``, ``CACHE[k]``), the outer state it writes.

    ``NAME[k] = v`` on a module-level or closed-over name counts only when the name is
    bound to a Python container or a NumPy array: item assignment is also how refs
    (``jax.new_ref``, Pallas kernel refs passed in as arguments) are written.
    """
    if type(target) is cst.Name:
        return outer_name(ctx, target.value)
    if not isinstance(target, (cst.Attribute, cst.Subscript)):
        return None
    root = root_name(target)
    if root is None:
        return None
    outer = outer_object(ctx, root.value)
    if outer is not None and outer.kind in ("module", "closure") \
            and type(target) is cst.Subscript and target.value is root \
            and not (names_mutable_container(ctx, root.value) or names_numpy_array(ctx, root.value)):
        return None
    return outer


def is_nnx_style_write(target: cst.BaseExpression) -> bool:
    """``v.value = ...`` / ``v[...] = ...``: nnx Variable and ``jax.new_ref`` updates."""
    if type(target) is cst.Attribute and target.attr.value == "value":
        return True
    if type(target) is cst.Subscript and len(target.slice) == 1:
        element = target.slice[0].slice
        if type(element) is cst.Index and type(element.value) is cst.Ellipsis:
            return True
    return False


# ---------------------------------------------------------------------------------
# What a name was bound to


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
    values = bound_values(ctx, name)
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
        values = bound_values(ctx, value.value)
        return bool(values) and all(v is not None and is_python_table(ctx, v, depth + 1)
                                    for v in values)
    return False


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
            kinds = {unhashable_value(ctx, v, follow_names=False) for v in values}  # type: ignore[arg-type]
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
        if any(isinstance(options.get(k), cst.Name) and options[k].value == "True"
               for k in ("frozen", "unsafe_hash")):
            return None
        eq = options.get("eq")
        if type(eq) is cst.Name and eq.value == "False":
            return None  # identity hash
        return f"an instance of the non-frozen dataclass `{func.value}`"
    return None


# ---------------------------------------------------------------------------------
# Calls with an effect at trace time


@dataclass(frozen=True)
class SideEffect:
    """A call whose effect happens once, while tracing."""

    category: str  # "print", "log", "warn", "clock", "random", "seed", "io"
    text: str  # how to name it in a message, e.g. "print()", "np.random.rand()"


def side_effect_of(ctx: Context, call: cst.Call) -> SideEffect | None:
    func = call.func
    qual = ctx.qualname(func)
    shown = f"{dotted_name(func) or qual}()"
    if qual is not None:
        if qual == "builtins.print":
            return SideEffect("print", "print()")
        if qual in ("sys.stdout.write", "sys.stderr.write"):
            return SideEffect("print", shown)
        if qual.startswith(LOGGING_MODULES) and qual.rsplit(".", 1)[-1] in LOG_METHODS:
            return SideEffect("log", shown)
        if qual in ("warnings.warn", "warnings.warn_explicit"):
            return SideEffect("warn", shown)  # warned once, while tracing
        if qual.startswith("time."):
            return SideEffect("clock", shown)
        if qual in CLOCK_CALLS:
            return SideEffect("clock", shown)
        if qual in SEEDED_CONSTRUCTORS and call.args:
            return None  # `default_rng(seed)`: draws that depend on the seed alone
        if qual in ("random.seed", "numpy.random.seed"):
            return SideEffect("seed", shown)
        if qual.startswith(("random.", "numpy.random.")):
            return SideEffect("random", shown)
        if qual in ENTROPY_CALLS or (qual.startswith("secrets.") and qual != "secrets.compare_digest"):
            return SideEffect("random", shown)
        if qual in IO_CALLS:
            return SideEffect("io", shown)
        return None
    if type(func) is cst.Attribute and func.attr.value in LOG_METHODS and _is_logger(ctx, func.value):
        return SideEffect("log", shown if dotted_name(func) else f"{func.attr.value}()")
    if type(func) is cst.Attribute and func.attr.value in GENERATOR_DRAWS \
            and _is_shared_generator(ctx, func.value):
        return SideEffect("random", shown)
    return None


def _is_shared_generator(ctx: Context, receiver: cst.BaseExpression) -> bool:
    """``rng`` bound outside the traced function to ``np.random.default_rng(...)`` (or
    ``RandomState``, ``random.Random``): its state advances eagerly, the draw is frozen."""
    if not type(receiver) is cst.Name or ctx.scope_of(receiver.value) not in ("module", "closure"):
        return False
    values = bound_values(ctx, receiver.value)
    return bool(values) and all(
        type(v) is cst.Call and ctx.qualname(v.func) in SEEDED_CONSTRUCTORS for v in values)


def _is_logger(ctx: Context, receiver: cst.BaseExpression) -> bool:
    if type(receiver) is cst.Call:
        return ctx.qualname(receiver.func) in LOGGER_FACTORIES
    if type(receiver) is cst.Attribute:
        # self.logger / self._log
        return type(receiver.value) is cst.Name and receiver.value.value in ("self", "cls") \
            and receiver.attr.value in LOGGER_NAMES
    if not type(receiver) is cst.Name:
        return False
    name = receiver.value
    values = bound_values(ctx, name)
    if values and all(v is not None for v in values):
        if all(type(v) is cst.Call and ctx.qualname(v.func) in LOGGER_FACTORIES for v in values):
            return True
        if any(not type(v) is cst.Call for v in values):
            return False  # bound to a literal or a name: not a logger
    if ctx.unit is not None and ctx.unit.param(name) is not None:
        return False
    return name in LOGGER_NAMES


def string_parts(node: cst.BaseExpression) -> list[str]:
    """The literal text of a string argument (the text parts of an f-string)."""
    if type(node) is cst.SimpleString:
        value = node.evaluated_value
        return [value] if isinstance(value, str) else []
    if type(node) is cst.ConcatenatedString:
        return string_parts(node.left) + string_parts(node.right)
    if type(node) is cst.FormattedString:
        return [p.value for p in node.parts if type(p) is cst.FormattedStringText]
    return []


def printed_values(call: cst.Call) -> list[cst.BaseExpression]:
    """The non-literal values a print/log call formats (f-string fields included)."""
    found: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.keyword is not None:
            continue
        value = arg.value
        if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
            continue
        if type(value) is cst.FormattedString:
            found.extend(p.expression for p in value.parts
                         if type(p) is cst.FormattedStringExpression)
            continue
        found.append(value)
    return found


def is_trace_message(call: cst.Call) -> bool:
    """A print/log whose literal text is about tracing or compiling (the retrace idiom)."""
    for arg in call.args:
        if arg.keyword is not None:
            continue
        for text in string_parts(arg.value):
            if TRACE_MESSAGE.search(text):
                return True
    return False


# ---------------------------------------------------------------------------------
# Functions that run repeatedly


def repeated_units(ctx: Context) -> dict[int, str]:
    """Functions of this module called inside a Python loop or comprehension, directly or
    through untraced callers: ``id(unit)`` -> where (``"`train`"``, ``"module level"``)."""
    found = ctx.facts.repeated_units
    if found is None:
        found = ctx.facts.repeated_units = _repeated_units(ctx)
    return found


def _repeated_units(ctx: Context) -> dict[int, str]:
    repeated: dict[int, str] = {}
    units: dict[int, Unit] = {}

    def record(call: cst.Call, unit: Unit | None) -> None:
        callee = ctx.resolver.function(call.func, unit)
        if callee is not None and id(callee) not in repeated:
            repeated[id(callee)] = f"`{unit.name}`" if unit is not None else "module level"
            units[id(callee)] = callee

    def walk(node: cst.CSTNode, unit: Unit | None, in_loop: bool) -> None:
        t = type(node)
        if t in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            if t is cst.FunctionDef:
                for decorator in node.decorators:  # type: ignore[attr-defined]
                    walk(decorator, unit, in_loop)
            return
        if t is cst.Call and in_loop:
            record(node, unit)  # type: ignore[arg-type]
        if t in (cst.For, cst.While):
            # a sweep over literal configurations runs each call once per configuration
            sweep = t is cst.For and constant_iterable(ctx, node.iter, follow=False)  # type: ignore[attr-defined]
            for name in child_fields(t):
                value = getattr(node, name)
                inside = name == "body" and not sweep
                if type(value) in NODE_TYPES:
                    walk(value, unit, in_loop or inside)
            return
        if t in COMPREHENSIONS:
            for child in children(node):
                walk(child, unit, True)
            return
        for child in children(node):
            walk(child, unit, in_loop)

    for statement in ctx.module.body:
        walk(statement, None, False)
    for unit in ctx.index.units:
        info = ctx.traced_analysis.info.get(id(unit))
        if info is not None and info.traced:
            continue  # its body runs at trace time, not once per call
        node = unit.node
        body = node.body
        if type(node) is cst.FunctionDef:
            for statement in statements(body):  # type: ignore[arg-type]
                walk(statement, unit, False)
        else:
            walk(body, unit, False)
    # a function called (anywhere) by a repeated, untraced function repeats too
    changed = True
    while changed:
        changed = False
        for caller, callee, _call in ctx.traced_analysis.edges:
            if id(caller) in repeated and id(callee) not in repeated:
                info = ctx.traced_analysis.info.get(id(caller))
                if info is not None and info.traced:
                    continue
                repeated[id(callee)] = repeated[id(caller)]
                changed = True
    return repeated


# `range` is left out on purpose: `for step in range(n)` repeats work, it does not sweep
# configurations
_SWEEP_ITERATORS = frozenset(
    {"builtins.enumerate", "builtins.zip", "builtins.reversed", "builtins.sorted",
     "itertools.product", "itertools.combinations", "itertools.permutations",
     "itertools.chain"}
)


def constant_iterable(ctx: Context, node: cst.BaseExpression, follow: bool) -> bool:
    """A loop over literal constants (`(0.1, 0.01)`, `itertools.product((4, 8), (1, 2))`):
    each iteration's value is a compile-time configuration, not data."""
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return bool(node.elements) and all(_constant(e.value) for e in node.elements)
    if type(node) is cst.Call:
        if ctx.qualname(node.func) not in _SWEEP_ITERATORS or not node.args:
            return False
        return all(constant_iterable(ctx, a.value, follow) for a in node.args)
    if follow and type(node) is cst.Name:
        values = bound_values(ctx, node.value)
        if values and len(values) == 1 and values[0] is not None:
            return constant_iterable(ctx, values[0], follow=False)
    return False


def _constant(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if type(node) is cst.Name:
        return node.value in ("True", "False", "None")
    if type(node) is cst.UnaryOperation:
        return _constant(node.expression)
    if isinstance(node, (cst.Tuple, cst.List)):
        return all(_constant(e.value) for e in node.elements)
    if type(node) is cst.Attribute:
        return True  # `jnp.float32`, an enum member: a configuration value
    return False


def contains(ancestor: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``ancestor`` or inside it."""
    stack = [ancestor]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        stack.extend(children(current))
    return False


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
        stack.extend(children(current))
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


# ---------------------------------------------------------------------------------
# print(...) -> jax.debug.print(...)


def debug_print_call(ctx: Context, call: cst.Call) -> cst.Call | None:
    """The ``jax.debug.print`` equivalent of a ``print(...)`` call, or None when the call
    cannot be translated faithfully (``file=``, ``*args``, a non-literal ``sep``/``end``)."""
    sep = " "
    values: list[cst.BaseExpression] = []
    pieces: list[str] = []
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            keyword = arg.keyword.value
            if keyword == "flush":
                continue
            literal = _literal_text(arg.value)
            if keyword == "sep" and literal is not None:
                sep = literal
                continue
            if keyword == "end" and literal == "\n":
                continue
            return None
    for arg in call.args:
        if arg.keyword is not None:
            continue
        piece = _format_piece(arg.value, values)
        if piece is None:
            return None
        pieces.append(piece)
    fmt = sep.replace("{", "{{").replace("}", "}}").join(pieces)
    func = cst.Attribute(cst.Attribute(cst.Name("jax"), cst.Name("debug")), cst.Name("print"))
    args = [cst.Arg(cst.SimpleString(_quote(fmt)))] + [cst.Arg(v) for v in values]
    return cst.Call(func=func, args=args)


def _literal_text(node: cst.BaseExpression) -> str | None:
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _format_piece(node: cst.BaseExpression, values: list[cst.BaseExpression]) -> str | None:
    text = _literal_text(node)
    if text is not None:
        return text.replace("{", "{{").replace("}", "}}")
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return None  # bytes
    if type(node) is cst.FormattedString:
        return _fstring_piece(node, values)
    values.append(node)
    return "{}"


def _fstring_piece(node: cst.FormattedString, values: list[cst.BaseExpression]) -> str | None:
    prefix = node.prefix.lower().replace("f", "")
    quote = node.quote
    out: list[str] = []
    for part in node.parts:
        if type(part) is cst.FormattedStringText:
            text = _eval_text(prefix, quote, part.value)
            if text is None:
                return None
            out.append(text)  # `{{`/`}}` escapes mean the same in a format string
            continue
        if part.equal is not None:
            return None  # f"{x=}" prints the expression text too
        spec = ""
        if part.format_spec:
            texts = []
            for piece in part.format_spec:
                if not type(piece) is cst.FormattedStringText:
                    return None
                evaluated = _eval_text(prefix, quote, piece.value)
                if evaluated is None:
                    return None
                texts.append(evaluated)
            spec = ":" + "".join(texts)
        conversion = f"!{part.conversion}" if part.conversion else ""
        values.append(part.expression)
        out.append("{" + conversion + spec + "}")
    return "".join(out)


def _eval_text(prefix: str, quote: str, text: str) -> str | None:
    try:
        value = ast.literal_eval(f"{prefix}{quote}{text}{quote}")
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def _quote(text: str) -> str:
    body = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t").replace("\r", "\\r"))
    literal = f'"{body}"'
    try:
        if ast.literal_eval(literal) == text:
            return literal
    except (SyntaxError, ValueError):
        pass
    return repr(text)


# ---------------------------------------------------------------------------------
# Stores that may reach outer state: one classification shared by JXP102/103/601, so
# that each store is reported by exactly one of them.

# which arguments end up stored in the receiver
_STORED_FROM = {"insert": 1, "setdefault": 1, "__setitem__": 1}
_STORES = STORING_METHODS | {"update", "add", "__setitem__"}


@dataclass(frozen=True)
class Store:
    """One write to a location outside the current call's own objects."""

    node: cst.CSTNode  # what to report (the statement or the call)
    target: cst.BaseExpression  # the store target, or the receiver of a mutating call
    outer: Outer
    value_traced: bool
    how: str  # "assign", "augassign", "del", "call"
    method: str | None = None
    value: cst.BaseExpression | None = None


def indexed_by_own_key(ctx: Context, target: cst.Subscript) -> bool:
    """``params[name]`` inside ``for name in params`` (or ``.keys()``/``.items()``), and
    ``layers[i]`` inside ``for i in range(len(layers))``/``enumerate(layers)``: the base is a
    Python dict or list indexed by its own keys, not an array."""
    base = target.value
    if not type(base) is cst.Name or len(target.slice) != 1 or ctx.unit is None:
        return False
    index = target.slice[0].slice
    if not type(index) is cst.Index or not type(index.value) is cst.Name:
        return False
    name, owner = index.value.value, base.value
    for node in enclosing_nodes(ctx.unit.node, target):
        if type(node) is cst.For and _iterates_keys_of(node, name, owner):
            return True
    return False


def _iterates_keys_of(loop: cst.For, name: str, owner: str) -> bool:
    target, iterable = loop.target, loop.iter
    if type(target) is cst.Tuple and target.elements:
        target = target.elements[0].value  # `for k, v in d.items()`, `for i, x in enumerate(xs)`
    if not (type(target) is cst.Name and target.value == name):
        return False
    if type(iterable) is cst.Name:
        return iterable.value == owner
    if type(iterable) is cst.Call:
        func = iterable.func
        if type(func) is cst.Attribute and func.attr.value in ("keys", "items"):
            return type(func.value) is cst.Name and func.value.value == owner
        if type(func) is cst.Name and func.value == "enumerate" and iterable.args:
            arg = iterable.args[0].value
            return type(arg) is cst.Name and arg.value == owner
        if type(func) is cst.Name and func.value == "range" and len(iterable.args) == 1:
            arg = iterable.args[0].value
            return type(arg) is cst.Call and type(arg.func) is cst.Name \
                and arg.func.value == "len" and len(arg.args) == 1 \
                and type(arg.args[0].value) is cst.Name and arg.args[0].value.value == owner
    return False


def result_used(ctx: Context, call: cst.Call) -> bool:
    """Whether the value of ``call`` (being visited) is used: inside another expression, or
    assigned or returned by its statement."""
    parent = ctx.parent()
    if parent is not None:
        # `[SEEN.append(x) for x in xs]` and `d.update(v) or d` use it only in form: the
        # first keeps a list of Nones, the second exists because update returns None
        return not isinstance(parent, (cst.ListComp, cst.GeneratorExp, cst.SetComp,
                                       cst.BooleanOperation))
    unit = ctx.unit
    if unit is not None and type(unit.node) is cst.Lambda and unit.node.body is call:
        return True  # `lambda c: c.insert(x)` returns it
    statement = ctx.statement
    return isinstance(statement, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return)) \
        and statement.value is call


def stores(ctx: Context, node: cst.CSTNode) -> list[Store]:
    """The outer stores an Assign/AugAssign/AnnAssign/Del statement or a Call makes."""
    if ctx.unit is None:
        return []
    found: list[Store] = []
    if type(node) is cst.Assign:
        for target in node.targets:
            _assign_stores(ctx, node, target.target, node.value, found)
    elif type(node) is cst.AnnAssign:
        if node.value is not None:
            _assign_stores(ctx, node, node.target, node.value, found)
    elif type(node) is cst.AugAssign:
        outer = outer_target(ctx, node.target)
        if outer is not None:
            traced = ctx.is_traced(node.value) or ctx.is_traced(node.target)
            found.append(Store(node, node.target, outer, traced, "augassign", value=node.value))
    elif type(node) is cst.Del:
        targets = node.target.elements if isinstance(node.target, (cst.Tuple, cst.List)) \
            else [node.target]
        for element in targets:
            target = element.value if isinstance(element, cst.BaseElement) else element
            if isinstance(target, (cst.Subscript, cst.Attribute)):
                outer = outer_target(ctx, target)
                if outer is not None:
                    found.append(Store(node, target, outer, False, "del"))
    elif type(node) is cst.Call:
        store = _call_store(ctx, node)
        if store is not None:
            found.append(store)
    return found


def _assign_stores(ctx: Context, statement: cst.CSTNode, target: cst.BaseExpression,
                   value: cst.BaseExpression, out: list[Store]) -> None:
    if isinstance(target, (cst.Tuple, cst.List)):
        values = value.elements if isinstance(value, (cst.Tuple, cst.List)) \
            and len(value.elements) == len(target.elements) \
            and not any(type(e) is cst.StarredElement for e in value.elements) else None
        for i, element in enumerate(target.elements):
            item = values[i].value if values is not None else value
            _assign_stores(ctx, statement, element.value, item, out)
        return
    if type(target) is cst.StarredElement:
        _assign_stores(ctx, statement, target.value, value, out)
        return
    outer = outer_target(ctx, target)
    if outer is not None:
        out.append(Store(statement, target, outer, ctx.is_traced(value), "assign", value=value))


def _call_store(ctx: Context, call: cst.Call) -> Store | None:
    func = call.func
    if not type(func) is cst.Attribute:
        return None
    method = func.attr.value
    receiver = func.value
    if method in NONE_RETURNING and result_used(ctx, call):
        # `state = buffer.insert(state, x)`, `return carry.update(v)`: list.insert and
        # dict.update return None, so a method whose result is used is another, pure one
        return None
    if method in STORING_METHODS:
        if not isinstance(receiver, (cst.Name, cst.Attribute, cst.Subscript)):
            return None
    elif method in CONTAINER_METHODS or method in NUMPY_METHODS:
        if not type(receiver) is cst.Name:
            return None
        container = method in CONTAINER_METHODS and names_mutable_container(ctx, receiver.value)
        array = method in NUMPY_METHODS and names_numpy_array(ctx, receiver.value)
        if not (container or array):
            return None
    else:
        return None
    root = root_name(receiver)
    if root is None:
        return None
    if _is_import(ctx, root.value):
        return None  # `sys.path.append(...)`: state of an imported module, not a container
    outer = outer_object(ctx, root.value)
    if outer is None:
        return None
    traced = False
    if method in _STORES:
        first = _STORED_FROM.get(method, 0)
        positional = [a for a in call.args if a.keyword is None]
        stored = positional[first:] + [a for a in call.args if a.keyword is not None]
        traced = any(ctx.is_traced(a.value) for a in stored)
    return Store(call, receiver, outer, traced, "call", method)


def _is_import(ctx: Context, name: str) -> bool:
    unit = ctx.unit
    while unit is not None:
        if unit.imports is not None and unit.imports.lookup(name) is not None:
            return True
        if unit.binds(name):
            return False
        unit = unit.parent
    return name in ctx.index.import_names
