"""What an attribute of a traced value is when the analysis cannot see the value's class.

Under a transform a pytree arrives with its leaves traced and its aux data as the Python
values it was built with. What JAX guarantees about ``x.attr`` then depends on what ``x`` is:

- a JAX array: ``.shape``, ``.ndim``, ``.dtype``, ``.size`` are Python values, ``.T``,
  ``.real``, ``.at[...]`` traced arrays (catalog/arrays.py);
- an instance of a class this module defines: the analysis reads the class (fields, static
  fields, properties; across modules, the static members the summaries carry: infer.py);
- an instance of a class it cannot see (a pytree class of another package, e3nn's
  ``IrrepsArray``): any of a traced leaf, a subtree of traced leaves, or aux data
  (``.irreps``), which is a Python value under the trace. Nothing in the code says which.

Such an *opaque member* keeps the kind ``TRACED`` (a traced value of unknown structure), so
code that uses it as an array (arithmetic, comparisons, ``jnp`` calls) is still checked: that
is how leaves are read, and how the tracing bugs seen in real projects read them. Python
iteration and membership tests are another matter. ``for t in x.irreps`` or ``u in
x.irreps`` treat the attribute as a Python container, which aux data typically is; so the
elements of such an iteration are of unknown kind (flow/kinds.py), and a membership test in
an opaque member does not take its kind from the container (infer.py), as one in a traced
pytree of unknown structure already does not. The same holds for what Python's sequence
operators make of opaque members (``y.irreps + x.irreps``, ``x.irreps * 2``: a
concatenation of aux data as likely as a sum of leaves), for a name bound once to one, and
for ``sorted``/``list``/``enumerate``... of one.

The class is taken as one this module defines when any of its classes declares a member of
that name (module/classes.py ``declared_members``), as static fields are matched by name.

A parameter of no known class (no annotation, or ``Any``: a serving library's ``cache:
KVCache`` with ``KVCache = Any``) is any of the project's pytrees: a name that some class of
the project declares static and none declares a leaf (module/field_index.py) is aux data,
whichever it is (``cache.time_axis``). So is a field of ``self`` that its class declares
``Any`` (jaxls's generated Python 3.10 copy: ``_elimination: Any = None`` holding an
``EliminationPlan`` whose ``reduced_dim`` is ``jdc.Static``), and a local bound once to
either (``elimination = self._elimination``). The names read so are recorded, answered or
not, for the module summary that asks the project.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog.pytrees import LIBRARY_LEAF_NAMES
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.module.annotations import unseen_class
from jaxpure.analysis.module.bindings import unpacking_of
from jaxpure.analysis.module.classes import body_statements, declared_members
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import single_assignment

# calls that give back the elements of their one argument (reordered, copied or numbered)
ELEMENT_PRESERVING = frozenset({"builtins.sorted", "builtins.list", "builtins.tuple",
                                "builtins.reversed", "builtins.set", "builtins.frozenset",
                                "builtins.enumerate"})


def opaque_member(ctx: KindScope, expr: cst.BaseExpression,
                  kind: Callable[[cst.BaseExpression], int]) -> bool:
    """``expr`` is an attribute of a traced value whose class the module does not show, or
    is made from such attributes only by Python's sequence operators and element-preserving
    calls, or is a local name bound once to one of those. ``kind`` is the kind of an
    expression at this point of the walk."""
    return _opaque(ctx, expr, kind, names=2)


def _opaque(ctx: KindScope, expr: cst.BaseExpression,
            kind: Callable[[cst.BaseExpression], int], names: int) -> bool:
    if type(expr) is cst.Attribute:
        return _opaque_attribute(ctx, expr, kind)
    if type(expr) is cst.BinaryOperation and isinstance(expr.operator, (cst.Add, cst.Multiply)):
        # `y.tags + x.tags`, `x.tags * 2`: opaque members and Python values only
        operands = (expr.left, expr.right)
        opaque = [_opaque(ctx, o, kind, names) for o in operands]
        return any(opaque) and all(o or kind(e) == L.STATIC for o, e in zip(opaque, operands))
    if type(expr) is cst.Call:
        args = expr.args
        return bool(args) and args[0].keyword is None and not args[0].star \
            and all(a.keyword is not None for a in args[1:]) \
            and ctx.qualname(expr.func) in ELEMENT_PRESERVING \
            and _opaque(ctx, args[0].value, kind, names)
    if type(expr) is cst.Name and names > 0:
        # `wanted = y.tags + x.tags`, bound once in the function and read later
        unit = ctx.unit
        if unit is None or type(unit.node) is not cst.FunctionDef \
                or unit.param(expr.value) is not None or unit.assigned.get(expr.value) != 1:
            return False
        value = single_assignment(unit.node.body, expr.value)
        return value is not None and _opaque(ctx, value, kind, names - 1)
    return False


def _opaque_attribute(ctx: KindScope, expr: cst.Attribute,
                      kind: Callable[[cst.BaseExpression], int]) -> bool:
    attr = expr.attr.value
    if attr in A.STATIC_ATTRS or attr in A.ARRAY_ATTRS:
        return False  # an array's attribute (or a tracer's): known either way
    # the receiver a traced value of unknown structure (not an array), the attribute not
    # classified otherwise (a static field or property, a container field, a flag)
    if kind(expr.value) != L.TRACED or kind(expr) != L.TRACED:
        return False
    return attr not in declared_members(ctx.index, ctx.resolver)


def project_static_field(ctx: KindScope, expr: cst.Attribute) -> bool:
    """``cache.time_axis`` on a traced parameter of no known class, where ``time_axis`` is
    a field the project's classes declare static and never a leaf (the seeds say which:
    module/field_index.py). Called for attributes known neither static nor an array's."""
    attr = expr.attr.value
    if attr in LIBRARY_LEAF_NAMES or not _of_unseen_class(ctx, expr.value):
        return False
    ctx.facts.unseen_class_reads.add(attr)
    return attr in ctx.facts.project_static_fields


def _of_unseen_class(ctx: KindScope, value: cst.BaseExpression) -> bool:
    """``value`` says nothing of its class: a parameter of no known class, a field of
    ``self`` declared ``Any``, or a local of this function bound once to such a field or
    unpacked once from such a parameter (pmwd's ``pmid, disp, conf, ... = res``, the
    residuals a custom_vjp backward pass gets)."""
    if type(value) is cst.Attribute:
        return _unseen_class_field(ctx, value)
    if type(value) is not cst.Name:
        return False
    if _unseen_class_parameter(ctx, value.value):
        return True
    unit = ctx.unit
    name = value.value
    if unit is None or type(unit.node) is not cst.FunctionDef or unit.param(name) is not None \
            or unit.assigned.get(name) != 1 or name in unit.declared_global \
            or name in unit.declared_nonlocal:
        return False
    bound = single_assignment(unit.node.body, name)
    if bound is None:
        unpacked = unpacking_of(unit.node.body, name)
        return unpacked is not None and type(unpacked[0]) is cst.Name \
            and _unseen_class_parameter(ctx, unpacked[0].value)
    return type(bound) is cst.Attribute and _unseen_class_field(ctx, bound)


def _unseen_class_field(ctx: KindScope, expr: cst.Attribute) -> bool:
    """``self._elimination`` where the class of the method declares ``_elimination: Any``
    (or ``Any | None``, or an alias of ``Any``) in its body."""
    if type(expr.value) is not cst.Name:
        return False
    method = self_method(ctx, expr.value.value)
    if method is None or method.class_name is None:
        return False
    attr = expr.attr.value
    return any(type(small) is cst.AnnAssign and type(small.target) is cst.Name
               and small.target.value == attr
               and unseen_class(small.annotation.annotation, ctx.module, ctx.index, ctx.resolver)
               for small in body_statements(ctx.index, method.class_name))


def self_method(ctx: KindScope, name: str) -> Unit | None:
    """The method whose ``self`` (first parameter, not rebound) ``name`` is, if any."""
    method = ctx.unit
    while method is not None and not method.parent_is_class:
        method = method.parent
    if method is None or method.class_name is None or method.is_staticmethod:
        return None
    first = next((p for p in method.params if p.index == 0), None)
    if first is None or first.name != name or name in method.assigned:
        return None
    return method


def _unseen_class_parameter(ctx: KindScope, name: str) -> bool:
    """``name`` is a parameter, never rebound, of the function that binds it (this one or
    one it is nested in), neither ``self`` nor annotated with anything but ``Any``."""
    unit = ctx.unit
    while unit is not None and not unit.binds(name):
        unit = unit.parent
    if unit is None:
        return False
    key = (id(unit), name)
    found = ctx.facts.unseen_class_params.get(key)
    if found is None:
        param = unit.param(name)
        found = ctx.facts.unseen_class_params[key] = param is not None \
            and not param.star and name not in unit.assigned \
            and name not in unit.declared_nonlocal and name not in unit.declared_global \
            and not (unit.parent_is_class and param.index == 0 and not unit.is_staticmethod) \
            and unseen_class(param.annotation, ctx.module, ctx.index, ctx.resolver)
    return found
