"""The kind of an expression (traced / static / array / ...) at a point of the flow walk.

Names take the kinds the walker bound; calls take the kinds of what they return (JAX and
NumPy functions by name, local helpers by their return statements, transformed functions
as traced results).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.flow.returned_kind import returned_kind
from jaxpure.analysis.flow.returns import returns_array, returns_array_entry, returns_arrays

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog.arrays import (
    AXIS_INDEXES,
    JAX_ARRAY_CREATORS,
    NUMPY_CONVERTERS,
    STATIC_BUILTINS,
)
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.classes import array_fields, container_fields
from jaxpure.analysis.module.instances import builds_static_instance, static_instance_classes
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.tree_maps import TREE_MAPS, maps_to_structure
from jaxpure.analysis.syntax import (
    at_update_base,
    children,
    is_int_literal,
    returned_values,
    str_literals,
)
from jaxpure.analysis.catalog.pytrees import AUX_REGISTRATIONS, STATIC_FIELD_MARKERS
from jaxpure.analysis.catalog.transforms import CONTROL_FLOW, lookup


def infer_kind(ctx: KindScope, expr: cst.BaseExpression) -> int:
    t = type(expr)
    if type(expr) is cst.Name:
        return ctx.lookup(expr.value)
    if t in (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
             cst.FormattedString, cst.Lambda, cst.Ellipsis):
        return L.STATIC
    if type(expr) is cst.Attribute:
        return _attribute_kind(ctx, expr)
    if type(expr) is cst.Subscript:
        base = infer_kind(ctx, expr.value)
        if L.is_traced(base):
            return L.TRACED_ARRAY if base == L.TRACED_ARRAY else L.TRACED
        if base in (L.STATIC, L.ARRAY, L.NUMPY):
            return base
        if base == L.UNKNOWN and _traced_helper_entry(ctx, expr):
            return L.TRACED_ARRAY
        if base == L.REF:
            if _plural_refs(expr.value):
                return L.REF  # `residual_refs[0]`: one ref of a list of them
            return L.TRACED_ARRAY if ctx.traced else L.ARRAY  # `x_ref[...]`: a value
        return L.UNKNOWN
    if type(expr) is cst.Call:
        return _call_kind(ctx, expr)
    if type(expr) is cst.BinaryOperation:
        kinds = [infer_kind(ctx, expr.left), infer_kind(ctx, expr.right)]
        if _joins_sequences(expr, kinds):
            return L.container(kinds)  # `[x] + [zeros_like(x) for _ in ws]`: a Python list
        return L.arith(kinds)
    if type(expr) is cst.UnaryOperation:
        if type(expr.operator) is cst.Not:
            return L.STATIC
        return L.arith([infer_kind(ctx, expr.expression)])
    if type(expr) is cst.BooleanOperation:
        return L.join(infer_kind(ctx, expr.left), infer_kind(ctx, expr.right))
    if type(expr) is cst.Comparison:
        return _comparison_kind(ctx, expr)
    if type(expr) is cst.IfExp:
        return L.join(infer_kind(ctx, expr.body), infer_kind(ctx, expr.orelse))
    if type(expr) is cst.Tuple or type(expr) is cst.List or type(expr) is cst.Set:
        return L.container([infer_kind(ctx, e.value) for e in expr.elements])
    if type(expr) is cst.ListComp or type(expr) is cst.SetComp or type(expr) is cst.GeneratorExp:
        # `[jnp.linalg.norm(g) for g in leaves]`: a container of what each element is
        return L.container([infer_kind(ctx, expr.elt)])
    if type(expr) is cst.DictComp:
        return L.container([infer_kind(ctx, expr.value)])
    if type(expr) is cst.Dict:
        return L.container(
            [infer_kind(ctx, e.value) for e in expr.elements if type(e) is cst.DictElement]
        )
    if type(expr) is cst.NamedExpr:
        return infer_kind(ctx, expr.value)
    if type(expr) is cst.StarredElement:
        return infer_kind(ctx, expr.value)
    return L.UNKNOWN


_SEQUENCE_DISPLAYS = (cst.List, cst.Tuple, cst.ListComp)


def _traced_helper_entry(ctx: KindScope, expr: cst.Subscript) -> bool:
    """``self.loss_fn(y, logits)["summed"]`` on tracers, where every return of ``loss_fn``
    is a dict display whose ``"summed"`` entry is an array expression: a tracer, whatever
    the other entries are."""
    call = expr.value
    if not (ctx.traced and type(call) is cst.Call and len(expr.slice) == 1):
        return False
    index = expr.slice[0].slice
    if not (type(index) is cst.Index and type(index.value) is cst.SimpleString):
        return False
    key = index.value.evaluated_value
    if not isinstance(key, str) or not any(L.is_traced(infer_kind(ctx, a.value)) for a in call.args):
        return False
    callee = ctx.resolver.function(call.func, ctx.unit)
    return callee is not None and returns_array_entry(ctx, callee, key)


def _joins_sequences(expr: cst.BinaryOperation, kinds: list[int]) -> bool:
    """``a + b`` / ``a * n`` on Python lists or tuples (a display on either side, or two
    containers): concatenation or repetition, not arithmetic on arrays."""
    if not isinstance(expr.operator, (cst.Add, cst.Multiply)):
        return False
    if isinstance(expr.left, _SEQUENCE_DISPLAYS) or isinstance(expr.right, _SEQUENCE_DISPLAYS):
        return True
    return type(expr.operator) is cst.Add and all(k == L.TRACED_CONTAINER for k in kinds)


def _plural_refs(expr: cst.BaseExpression) -> bool:
    name = expr.attr.value if type(expr) is cst.Attribute else \
        expr.value if type(expr) is cst.Name else ""
    return name == "refs" or name.endswith("_refs")


def _attribute_kind(ctx: KindScope, expr: cst.Attribute) -> int:
    attr = expr.attr.value
    if attr == "__class__":
        return L.STATIC  # any value's type, whatever the value is
    base = infer_kind(ctx, expr.value)
    if L.is_traced(base):
        if attr in A.STATIC_ATTRS:
            return L.STATIC
        if attr in _static_fields(ctx) and attr not in A.ARRAY_ATTRS:
            return L.STATIC  # aux data of a traced pytree: a Python value under jit
        if _static_method(ctx, attr, as_property=True):
            return L.STATIC  # `index.n_states`, a property built from static fields or shapes
        if type(expr.value) is cst.Name and _self_container_field(ctx, expr.value.value, attr):
            return L.TRACED_CONTAINER  # `self._cache` of a traced instance: a dict of tracers
        if attr in A.ARRAY_ATTRS or base == L.TRACED_ARRAY:
            return L.TRACED_ARRAY
        if A.FLAG_NAME.match(attr) and not _part_of_passed_instance(ctx, expr.value):
            return L.TRACED_ARRAY  # `state.done`: a boolean leaf of a traced pytree
        return L.TRACED
    if base in (L.ARRAY, L.NUMPY):
        return L.STATIC if attr in A.STATIC_ATTRS else base
    if base == L.STATIC:
        if type(expr.value) is cst.Name:
            field = _traced_model_field(ctx, expr.value.value, attr)
            if field is not None:
                return field
            if _self_array_attribute(ctx, expr.value.value, attr):
                return L.ARRAY  # `self.board`, a JAX array wherever the class sets it
        return L.STATIC
    if base == L.REF:
        if attr in A.STATIC_ATTRS:
            return L.STATIC  # `o_ref.shape[-1]`
        if attr == "value":
            return L.TRACED_ARRAY if ctx.traced else L.ARRAY  # `self.count.value`
        return L.REF
    if base == L.UNKNOWN and attr in SHAPE_ATTRS:
        return L.STATIC  # `enc.shape` of a submodule's output: a tuple, whatever `enc` is
    return L.UNKNOWN


def _part_of_passed_instance(ctx: KindScope, base: cst.BaseExpression) -> bool:
    """``self.geom`` in a method traced because a traced caller calls it on an instance it
    was passed (``out.sample(...)``): a sub-object of a class nothing here declares, whose
    ``is_*`` names are as likely properties over its static data (``geom.is_entropy_
    regularized``) as boolean leaves, so the name alone says nothing."""
    if type(base) is not cst.Attribute:
        return False
    root = base.value
    while type(root) is cst.Attribute:
        root = root.value
    if type(root) is not cst.Name or ctx.unit is None:
        return False
    method = _self_method(ctx, root.value)
    info = ctx.traced_analysis.info.get(id(method)) if method is not None else None
    return info is not None and info.traced_self


# what any value that has them holds as Python data: an array's, a tracer's, NumPy's
SHAPE_ATTRS = frozenset({"shape", "ndim", "dtype"})


def _self_method(ctx: KindScope, name: str) -> Unit | None:
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


def _traced_model_field(ctx: KindScope, name: str, attr: str) -> int | None:
    """``self.temperature`` of an ``eqx.Module`` field annotated as an array, or an nnx
    ``Variable``, in a method being traced: the model went through the transform, so its
    arrays are tracers (a Variable is read through ``[...]``/``.value``, like a ref)."""
    if not ctx.traced:
        return None
    method = _self_method(ctx, name)
    if method is None or method.class_name is None:
        return None
    field = array_fields(ctx.index, ctx.resolver, method.class_name).get(attr)
    if field is None:
        return None
    return L.TRACED_ARRAY if field == "array" else L.REF


def _self_container_field(ctx: KindScope, name: str, attr: str) -> bool:
    """``self._cache`` where the class declares ``_cache: dict = field(default_factory=dict)``."""
    method = _self_method(ctx, name)
    return method is not None and method.class_name is not None \
        and attr in container_fields(ctx.index, method.class_name)


def _self_array_attribute(ctx: KindScope, name: str, attr: str) -> bool:
    """``self.board`` where every assignment of ``self.board`` in the class stores a new JAX
    array (``jnp.zeros(...)``, ``self.board.at[i].set(v)``)."""
    method = _self_method(ctx, name)
    if method is None or method.class_name is None:
        return False
    values = ctx.index.self_stores.get((method.class_name, attr)) or []
    return bool(values) and all(
        type(v) is cst.Call and (ctx.qualname(v.func) in JAX_ARRAY_CREATORS
                                     or at_update_base(v) is not None)
        for v in values)


def _marks_static(text: str) -> bool:
    text = text.replace(" ", "")
    return any(marker in text for marker in STATIC_FIELD_MARKERS)


def _static_field_factories(ctx: KindScope) -> set[str]:
    """Names whose call declares a static field: ``static_field`` (jax_md, and a common
    helper name) and functions of this module returning a static ``field(...)``."""
    found = {"static_field"}
    for unit in ctx.index.units:
        if unit.parent is None and type(unit.node) is cst.FunctionDef and any(
                _marks_static(ctx.module.code_for_node(value))
                for value in returned_values(unit.node) if value is not None):
            found.add(unit.name)
    return found


def _static_fields(ctx: KindScope) -> frozenset[str]:
    """Fields a class of this module declares static (flax ``struct.field(pytree_node=False)``,
    equinox ``field(static=True)``, ``metadata=dict(static=True)``, ``register_dataclass``'s
    ``meta_fields``, jax_md's ``static_field()`` and helpers like it): aux data, not traced
    leaves. By name: a field static in one class of the module is taken as static in all."""
    def collect() -> frozenset[str]:
        found: set[str] = set(_aux_data_fields(ctx))
        factories = _static_field_factories(ctx)
        for node in ctx.index.class_nodes.values():
            for decorator in node.decorators:
                # @partial(register_dataclass, data_fields=[...], meta_fields=["act"])
                expr = decorator.decorator
                if type(expr) is cst.Call:
                    for arg in expr.args:
                        if arg.keyword is not None and arg.keyword.value == "meta_fields":
                            found.update(str_literals(arg.value) or ())
            for line in node.body.body if type(node.body) is cst.IndentedBlock else ():
                if not type(line) is cst.SimpleStatementLine:
                    continue
                for small in line.body:
                    if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                            and small.value is not None:
                        if _marks_static(ctx.module.code_for_node(small.value)) or \
                                _calls_factory(small.value, factories):
                            found.add(small.target.value)
                    if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                            and _static_annotation(small.annotation.annotation):
                        found.add(small.target.value)  # jax_dataclasses `Static[int]`
        return frozenset(found) | ctx.facts.imported_static_members

    found = ctx.facts.static_fields
    if found is None:
        found = ctx.facts.static_fields = collect()
    return found


def _static_annotation(annotation: cst.BaseExpression) -> bool:
    """``Static[...]`` (jax_dataclasses, jaxsim): a field registered as aux data."""
    if not type(annotation) is cst.Subscript:
        return False
    head = annotation.value
    name = head.attr.value if type(head) is cst.Attribute else \
        head.value if type(head) is cst.Name else None
    return name == "Static"


def _calls_factory(value: cst.BaseExpression, factories: set[str]) -> bool:
    if not type(value) is cst.Call:
        return False
    func = value.func
    name = func.attr.value if type(func) is cst.Attribute else \
        func.value if type(func) is cst.Name else None
    return name in factories


def _aux_data_fields(ctx: KindScope) -> set[str]:
    """Attributes a custom pytree puts in its aux data, static under jit: the second element
    of what a flatten function returns (``lambda s: ((s.obs,), s.done)``), for flatten
    functions given to ``register_pytree_node`` and ``tree_flatten`` methods."""
    flatteners: list[cst.CSTNode] = []
    for call in ctx.index.module_calls:
        if ctx.qualname(call.func) in AUX_REGISTRATIONS and len(call.args) >= 2:
            flatten = call.args[1].value
            unit = ctx.resolver.function(flatten, None)
            flatteners.append(unit.node if unit is not None else flatten)
    flatteners.extend(u.node for u in ctx.index.units
                      if u.parent_is_class and u.name in ("tree_flatten", "tree_flatten_with_keys"))
    found: set[str] = set()
    for node in flatteners:
        if not isinstance(node, (cst.FunctionDef, cst.Lambda)):
            continue
        for value in returned_values(node):
            if type(value) is cst.Tuple and len(value.elements) == 2:
                stack: list[cst.CSTNode] = [value.elements[1].value]
                while stack:
                    current = stack.pop()
                    if type(current) is cst.Attribute:
                        found.add(current.attr.value)
                    stack.extend(children(current))
    return found


def _comparison_kind(ctx: KindScope, expr: cst.Comparison) -> int:
    operands = [expr.left, *(t.comparator for t in expr.comparisons)]
    if any(isinstance(o, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))
           for o in operands):
        # `layer.activation == "gelu"`: only Python values compare with strings (a JAX
        # array raises), so the other side is static metadata
        return L.STATIC
    if any(_bound_array_method(ctx, o) for o in operands):
        return L.STATIC  # `x.sum != 0`: a method object (a missing call), never a tracer
    kinds = [infer_kind(ctx, expr.left)]
    for target in expr.comparisons:
        op = target.operator
        right = target.comparator
        if isinstance(op, (cst.Is, cst.IsNot)):
            return L.STATIC if len(expr.comparisons) == 1 else L.UNKNOWN
        if type(right) is cst.Name and right.value == "None":
            continue  # x == None is False at trace time
        right_kind = infer_kind(ctx, right)
        if isinstance(op, (cst.In, cst.NotIn)) and right_kind in (L.TRACED, L.TRACED_CONTAINER):
            # `"w" in params`: dict keys are static structure
            continue
        kinds.append(right_kind)
    if len(kinds) == 1 and L.is_traced(kinds[0]):
        return L.UNKNOWN
    return L.arith(kinds)


# reductions of an array, named without a call: the bound method, a Python object
_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "any", "all", "argmax",
                         "argmin", "std", "var"})


def _bound_array_method(ctx: KindScope, operand: cst.BaseExpression) -> bool:
    return type(operand) is cst.Attribute and operand.attr.value in _REDUCTIONS \
        and infer_kind(ctx, operand.value) == L.TRACED_ARRAY


def _staged(ctx: KindScope) -> bool:
    """Inside a function jit (or pmap, a lax body under them) traces, every `jnp` call is
    staged out: its result is a tracer even when its inputs are constants
    (`jnp.sqrt(q.shape[-1])`), unless `jax.ensure_compile_time_eval()` is active."""
    return ctx.caching_via is not None and ctx.strict_via is not None \
        and not ctx.compile_time_eval


def _call_kind(ctx: KindScope, call: cst.Call) -> int:
    func = call.func
    if type(func) is cst.Call and ctx.traced:
        # jax.value_and_grad(f)(w, x), jax.vmap(f)(xs), jax.jit(g)(x) inside traced code:
        # a transformed function called on traced values returns traced values
        transform = lookup(ctx.qualname(func.func) or "", ctx.traced_analysis.extra)
        if transform is not None and transform.kind == "wrap":
            if any(L.is_traced(infer_kind(ctx, a.value)) for a in call.args):
                return L.TRACED
            return L.UNKNOWN
    if builds_static_instance(ctx.index, ctx.resolver, func, ctx.unit,
                              ctx.facts.imported_static_instances):
        return L.STATIC  # `SlowFallbackWarning(space, x)` keeping `type(x).__name__` only
    qual = ctx.qualname(func)
    if qual is not None:
        if qual in A.STATIC_CALLS or qual in ctx.static_helpers:
            return L.STATIC
        arg_kinds = [infer_kind(ctx, a.value) for a in call.args]
        traced = any(L.is_traced(k) for k in arg_kinds)
        if qual in TREE_MAPS and call.args and maps_to_structure(call.args[0].value):
            return L.STATIC  # `jax.tree.map(lambda x: x.shape, tree)`: a pytree of shapes
        if qual in A.CONTAINER_CALLS:
            if qual == "builtins.getattr" and len(call.args) >= 2:
                name = call.args[1].value
                if type(name) is cst.SimpleString and name.evaluated_value in A.STATIC_ATTRS:
                    return L.STATIC
            return L.container(arg_kinds) if arg_kinds else L.STATIC
        if qual in ("builtins.any", "builtins.all") and arg_kinds == [L.STATIC]:
            return L.STATIC  # `any(jnp.iscomplexobj(v) for v in leaves)`: a test of dtypes
        if qual == "builtins.sorted" and arg_kinds == [L.TRACED]:
            return L.UNKNOWN  # a traced pytree of unknown type: a dict sorts to its static keys
        if qual in A.ARITH_CALLS:
            return L.arith(arg_kinds) if arg_kinds else L.UNKNOWN
        if qual in A.REF_CREATORS:
            return L.REF
        if qual in CONTROL_FLOW:
            return L.TRACED if ctx.traced else L.UNKNOWN
        if qual in AXIS_INDEXES and ctx.traced:
            return L.TRACED_ARRAY  # which device or mapped element: known only when it runs
        if qual == "jax.lax.psum" and call.args and is_int_literal(call.args[0].value):
            return L.STATIC  # `lax.psum(1, axis)`: JAX's idiom for the axis size, an int
        if qual in A.ARRAY_LIST_FUNCTIONS:
            # `jnp.split(x, 3)`: a Python list of arrays, not an array
            return L.TRACED_CONTAINER if traced or _staged(ctx) else L.UNKNOWN
        if qual.startswith(A.ARRAY_NAMESPACES):
            if traced or _staged(ctx):
                return L.TRACED_ARRAY
            return L.ARRAY
        if qual.startswith("numpy."):
            if traced and qual in NUMPY_CONVERTERS:
                return L.NUMPY  # the conversion itself is the error (JXP403), reported once
            if traced:
                return L.TRACED_ARRAY
            if qual in A.NUMPY_ARRAY_CREATORS or qual.startswith("numpy.random."):
                return L.NUMPY
            return L.STATIC if all(k == L.STATIC for k in arg_kinds) else L.UNKNOWN
        if qual.startswith("math."):
            return L.STATIC
        if qual.startswith("jax."):
            if qual in ("jax.tree_util.keystr", "jax.tree.keystr"):
                return L.STATIC  # a key path's text: part of the pytree's structure
            if qual in ("jax.device_put", "jax.block_until_ready"):
                return arg_kinds[0] if arg_kinds else L.ARRAY
            return L.TRACED if traced else L.UNKNOWN
        return L.UNKNOWN
    if ctx.traced and any(L.is_traced(infer_kind(ctx, a.value)) for a in call.args):
        callee = ctx.resolver.function(func, ctx.unit)
        if callee is not None and returns_array(ctx, callee):
            return L.TRACED_ARRAY  # a helper of this module that returns jnp results
        if callee is not None and returns_arrays(ctx, callee):
            return L.TRACED_CONTAINER  # `self.loss_fn(y, p)` returning {"summed": jnp.sum(...)}
        returned = returned_kind(ctx, callee, call, infer_kind) if callee is not None else None
        if returned is not None and L.is_traced(returned):
            return returned  # `self.should_update(state)`: `step % period == 0` on a tracer
    elif ctx.traced and call.args:
        # no argument traced: a helper of this module whose every return is static for
        # these arguments (`pick_factors(x.shape)` returning `len(shape)`) gives a static
        # value, and so does one returning NumPy it computed from them (jax-md's fold
        # factors, `2 ** folds`): a constant of the trace, as `np.log(n)` is; anything else
        # it might return stays unknown
        callee = ctx.resolver.function(func, ctx.unit)
        if callee is not None and \
                returned_kind(ctx, callee, call, infer_kind) in (L.STATIC, L.NUMPY):
            return L.STATIC
    if type(func) is cst.Attribute:
        receiver = infer_kind(ctx, func.value)
        method = func.attr.value
        if L.is_traced(receiver):
            if method in A.CONCRETE_METHODS:
                return L.STATIC
            if method == "get" and call.args and not _at_indexer(func.value):
                # `d.get("k")` reads an entry of a dict, like `d["k"]` (an array's only
                # `get` is `x.at[i].get()`)
                return L.TRACED_ARRAY if receiver == L.TRACED_ARRAY else L.TRACED
            if receiver == L.TRACED_CONTAINER and method == "copy":
                return L.TRACED_CONTAINER  # `self._cache.copy()`: a dict, not an array's copy
            if receiver == L.TRACED_ARRAY or method in A.ARRAY_METHODS:
                return L.TRACED_ARRAY
            if _static_method(ctx, method) or method in ctx.facts.imported_static_members:
                return L.STATIC  # `model.dofs()`, built from the pytree's static fields
            return L.TRACED
        if receiver in (L.ARRAY, L.NUMPY):
            return L.STATIC if method in A.CONCRETE_METHODS else receiver
        if receiver == L.REF:
            # `refs.pop()`: one ref of a list of them; `x_ref.get()`: its value
            return L.REF if _plural_refs(func.value) else L.ARRAY
    return L.UNKNOWN


def _at_indexer(node: cst.BaseExpression) -> bool:
    """``x.at[i]``: what ``.get()``/``.set()`` of an indexed update are called on."""
    return type(node) is cst.Subscript and type(node.value) is cst.Attribute \
        and node.value.attr.value == "at"


def _static_method(ctx: KindScope, name: str, as_property: bool = False) -> bool:
    """A method of this module's classes (the only one of that name) whose every ``return``
    is built from literals, builtins, the class's static fields (``len(self.link_names)``
    with ``link_names: Static[...]``) and shapes of its fields (``self.params.shape[0]``):
    a Python value even on a traced pytree. ``as_property``: read as an attribute, so only a
    ``@property`` counts."""
    cache = ctx.facts.static_methods
    if (name, as_property) in cache:
        return cache[name, as_property]
    found = [methods[name] for methods in ctx.index.classes.values() if name in methods]
    result = len(found) == 1 and _returns_static(ctx, found[0], as_property)
    cache[name, as_property] = result
    return result


def _returns_static(ctx: KindScope, unit: Unit, as_property: bool) -> bool:
    if not (type(unit.node) is cst.FunctionDef and unit.params
            and (not as_property or _is_property(unit.node))):
        return False
    self_name = unit.params[0].name
    values = returned_values(unit.node)
    statics = _static_fields(ctx)
    return bool(values) and not unit.assigned and all(
        _built_from_static(value, self_name, statics) for value in values)


def static_members(ctx: KindScope) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For the module summary: each class of this module with the members that are Python
    values on a traced instance (its static fields, and its methods and properties built
    only from those, literals and shapes), so that modules importing it know them too."""
    statics = _static_fields(ctx) - ctx.facts.imported_static_members
    found: list[tuple[str, tuple[str, ...]]] = []
    for class_name, node in ctx.index.class_nodes.items():
        methods = ctx.index.classes.get(class_name, {})
        declared = {small.target.value for line in _class_lines(node) for small in line.body
                    if type(small) is cst.AnnAssign and type(small.target) is cst.Name}
        declared.update(attr for owner, attr in ctx.index.self_stores if owner == class_name)
        members = {name for name in declared if name in statics and name not in A.ARRAY_ATTRS}
        members.update(name for name, unit in methods.items()
                       if not name.startswith("__") and _returns_static(ctx, unit, False))
        if class_name in static_instance_classes(ctx.index, ctx.resolver):
            members.add("__init__")  # its instances are Python values (module/instances.py)
        if members:
            found.append((class_name, tuple(sorted(members))))
    return tuple(found)


def _class_lines(node: cst.ClassDef) -> list[cst.SimpleStatementLine]:
    body = node.body.body if type(node.body) is cst.IndentedBlock else ()
    return [line for line in body if type(line) is cst.SimpleStatementLine]


def _is_property(node: cst.FunctionDef) -> bool:
    return any((dotted_name(d.decorator) or "").rsplit(".", 1)[-1] in ("property", "cached_property")
               for d in node.decorators)


def _self_rooted(node: cst.BaseExpression, self_name: str) -> bool:
    while type(node) is cst.Attribute:
        node = node.value
    return type(node) is cst.Name and node.value == self_name


def _built_from_static(node: cst.CSTNode, self_name: str, statics: frozenset[str]) -> bool:
    """Every value ``node`` reads is a literal, a static builtin or a static field of
    ``self`` (``sum(self.joint_dofs[1:])``)."""
    if type(node) is cst.Attribute:
        if node.attr.value in A.STATIC_ATTRS and _self_rooted(node.value, self_name):
            return True  # `self.params.shape`: shapes are static under a trace
        base_ok = type(node.value) is cst.Name and node.value.value == self_name \
            or _built_from_static(node.value, self_name, statics)
        return base_ok and node.attr.value in statics
    if type(node) is cst.Name:
        return node.value in STATIC_BUILTINS or node.value in ("None", "True", "False")
    if type(node) is cst.Call:
        return type(node.func) is cst.Name and node.func.value in STATIC_BUILTINS and all(
            _built_from_static(a.value, self_name, statics) for a in node.args)
    if isinstance(node, cst.BaseExpression) and not isinstance(node, _COMPOSITE_EXPRESSIONS):
        return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString))
    # a composite expression, or the operators, brackets and slices inside one
    return all(_built_from_static(child, self_name, statics) for child in children(node))


_COMPOSITE_EXPRESSIONS = (cst.Subscript, cst.BinaryOperation, cst.Tuple, cst.Comparison,
                          cst.UnaryOperation)


# ---------------------------------------------------------------------------------
# The walker
