"""The kind of an expression (traced / static / array / ...) at a point of the flow walk.

Names take the kinds the walker bound; calls take the kinds of what they return (JAX and
NumPy functions by name, local helpers by their return statements, transformed functions
as traced results).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.flow.comprehensions import static_comprehension
from jaxpure.analysis.flow.layouts import layout_kind
from jaxpure.analysis.flow.members import opaque_member, project_static_field, self_method
from jaxpure.analysis.flow.returned_kind import called_helper, mapped_kind, returned_kind
from jaxpure.analysis.flow.returns import returns_array, returns_array_entry, returns_arrays

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog.arrays import (
    AXIS_INDEXES,
    JAX_ARRAY_CREATORS,
    NUMPY_CONVERTERS,
)
from jaxpure.analysis.module.annotations import returns_container
from jaxpure.analysis.module.classes import array_fields, container_fields
from jaxpure.analysis.module.contracts import is_linen_class
from jaxpure.analysis.catalog.pytrees import LINEN_VARIABLE_READS, LINEN_VARIABLES
from jaxpure.analysis.catalog.shapes import STRUCTURE_OF
from jaxpure.analysis.module.index import refers_to_module
from jaxpure.analysis.module.instances import builds_static_instance, static_instance_classes
from jaxpure.analysis.module.tree_maps import (PATH_MAPS, TREE_MAPS, maps_path_to_value,
                                               maps_to_structure)
from jaxpure.analysis.syntax import at_update_base, is_int_literal
from jaxpure.analysis.catalog.transforms import CONTROL_FLOW, lookup
from jaxpure.analysis.catalog.host import computes_on_host, returns_host_value


def infer_kind(ctx: KindScope, expr: cst.BaseExpression) -> int:
    t = type(expr)
    if type(expr) is cst.Name:
        return ctx.lookup(expr.value)
    if t in (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString,
             cst.FormattedString, cst.Lambda, cst.Ellipsis):
        return L.STATIC
    if type(expr) is cst.Attribute:
        found = layout_kind(ctx, expr) if ctx.frame.layouts and ctx.traced else None
        return found if found is not None else _attribute_kind(ctx, expr)
    if type(expr) is cst.Subscript:
        found = layout_kind(ctx, expr) if ctx.frame.layouts and ctx.traced else None
        if found is not None:
            return found  # a part of a structure its callers built (flow/layouts.py)
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
        if static_comprehension(ctx, expr, infer_kind):
            return L.STATIC  # `{"/".join(k) for k in extra}` of a dict's key paths
        # `[jnp.linalg.norm(g) for g in leaves]`: a container of what each element is
        return L.container([infer_kind(ctx, expr.elt)])
    if type(expr) is cst.DictComp:
        if static_comprehension(ctx, expr, infer_kind):
            return L.STATIC
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
        if project_static_field(ctx, expr):
            return L.STATIC  # `cache.time_axis`: static in every class of the project
        return L.TRACED
    if base in (L.ARRAY, L.NUMPY):
        return L.STATIC if attr in A.STATIC_ATTRS else base
    if base == L.ARRAY_TREE:
        return L.STATIC if attr in A.STATIC_ATTRS else L.ARRAY  # `data.qvel` of mjx's Data
    if base == L.STATIC:
        if type(expr.value) is cst.Name:
            if attr == LINEN_VARIABLES and _traced_linen_self(ctx, expr.value):
                return L.TRACED  # `self.variables`: the collections `apply` was passed
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
    if base == L.UNKNOWN and attr in A.SHAPE_ATTRS:
        return L.STATIC  # `enc.shape` of a submodule's output: a tuple, whatever `enc` is
    if base == L.UNKNOWN and attr in ctx.facts.class_facts.library_static_fields:
        return L.STATIC  # `data_array.coords` of an xarray whether or not it is traced
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
    method = self_method(ctx, root.value)
    info = ctx.traced_analysis.info.get(id(method)) if method is not None else None
    return info is not None and info.traced_self


def _traced_linen_self(ctx: KindScope, expr: cst.BaseExpression) -> bool:
    """``self`` of a linen module's method being traced: ``apply`` passed its variables in
    as the transform's arguments, so what it reads of them is traced."""
    if not ctx.traced or type(expr) is not cst.Name:
        return False
    method = self_method(ctx, expr.value)
    return method is not None and method.class_name is not None \
        and is_linen_class(ctx.index, ctx.resolver, method.class_name)


def _traced_model_field(ctx: KindScope, name: str, attr: str) -> int | None:
    """``self.temperature`` of an ``eqx.Module`` field annotated as an array, or an nnx
    ``Variable``, in a method being traced: the model went through the transform, so its
    arrays are tracers (a Variable is read through ``[...]``/``.value``, like a ref)."""
    if not ctx.traced:
        return None
    method = self_method(ctx, name)
    if method is None or method.class_name is None:
        return None
    field = array_fields(ctx.index, ctx.resolver, method.class_name).get(attr)
    if field is None:
        return None
    return L.TRACED_ARRAY if field == "array" else L.REF


def _self_container_field(ctx: KindScope, name: str, attr: str) -> bool:
    """``self._cache`` where the class declares ``_cache: dict = field(default_factory=dict)``."""
    method = self_method(ctx, name)
    return method is not None and method.class_name is not None \
        and attr in container_fields(ctx.index, method.class_name)


def _self_array_attribute(ctx: KindScope, name: str, attr: str) -> bool:
    """``self.board`` where every assignment of ``self.board`` in the class stores a new JAX
    array (``jnp.zeros(...)``, ``self.board.at[i].set(v)``)."""
    method = self_method(ctx, name)
    if method is None or method.class_name is None:
        return False
    values = ctx.index.self_stores.get((method.class_name, attr)) or []
    return bool(values) and all(
        type(v) is cst.Call and (ctx.qualname(v.func) in JAX_ARRAY_CREATORS
                                     or at_update_base(v) is not None)
        for v in values)


def _static_fields(ctx: KindScope) -> frozenset[str]:
    """Fields a class of this module, or one it imports, declares static: aux data, not
    traced leaves. By name: a field static in one class is taken as static in all
    (module/class_facts.py)."""
    return ctx.facts.class_facts.static_fields


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
        if isinstance(op, (cst.In, cst.NotIn)) and (
                right_kind in (L.TRACED, L.TRACED_CONTAINER)
                or opaque_member(ctx, right, lambda e: infer_kind(ctx, e))):
            # `"w" in params`: dict keys are static structure; `u in x.irreps + y.irreps`:
            # aux data of a class not shown here as likely as leaves (flow/members.py)
            continue
        if isinstance(op, (cst.In, cst.NotIn)) and right_kind == L.STATIC \
                and kinds[-1] == L.UNKNOWN:
            # `dim in data_array.coords` with `dim` of unknown kind: a Python container
            # answers with a Python bool (a tracer on the left raises in the test itself)
            kinds[-1] = L.STATIC
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
    if _record_of_static_values(ctx, call):
        return L.STATIC  # `_Shapes(original_shape=list(p.shape), merged_shape=[n])`
    qual = ctx.qualname(func)
    if qual is not None:
        if qual in A.STATIC_CALLS or qual in ctx.static_helpers or qual == "functools.partial" \
                and _static_partial(ctx, call):
            return L.STATIC
        needed = ctx.facts.imported_static_returns.get(qual)
        if needed is not None and _given_static(ctx, call, needed):
            return L.STATIC  # `merge_small_dims(param.shape, n)` of another module
        arg_kinds = [infer_kind(ctx, a.value) for a in call.args]
        traced = any(L.is_traced(k) for k in arg_kinds)
        if qual in A.OPERATOR_REDUCTIONS:
            return L.arith(arg_kinds) if traced else L.STATIC  # `math.prod(x.shape)`: an int
        if qual in TREE_MAPS and call.args and (maps_to_structure(call.args[0].value)
                                                or ctx.qualname(call.args[0].value) in STRUCTURE_OF
                                                or mapped_kind(ctx, call, infer_kind) == L.STATIC):
            # `jax.tree.map(lambda x: x.shape, tree)` or `(jnp.shape, tree)`: a pytree of
            # shapes; so is a tree of
            # what a helper builds from each leaf's shape (`_Shapes(list(p.shape), ...)`)
            return L.STATIC
        if qual in PATH_MAPS and call.args and maps_path_to_value(
                call.args[0].value, lambda f: ctx.qualname(f) in A.STATIC_CALLS):
            return L.STATIC  # `tree_map_with_path(lambda p, _: keystr(p), tree)`: names
        if qual in A.HASHED_CONTAINER_CALLS and arg_kinds in ([L.TRACED], [L.UNKNOWN]):
            # `set(dataset)`: a tracer is unhashable, so what a set holds of a traced pytree
            # is its static structure (a dict's keys, a Dataset's variable names); so is
            # what it holds of a value of unknown kind (`set(flat.keys())` of a dict a
            # library flattened)
            return L.STATIC
        if qual in A.CONTAINER_CALLS:
            if qual == "builtins.getattr" and len(call.args) >= 2:
                name = call.args[1].value
                if type(name) is cst.SimpleString and name.evaluated_value in A.STATIC_ATTRS:
                    return L.STATIC
            if qual in ("builtins.tuple", "builtins.list") and arg_kinds == [L.NUMPY]:
                # `tuple(np.array((h, w)) // n)`: a NumPy array's elements are concrete
                # NumPy scalars, so the sequence is a Python value (a patch size)
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
            if all(k == L.STATIC for k in arg_kinds):
                return L.STATIC
            # `np.maximum(low, high)` of NumPy constants: another constant of the trace
            return L.NUMPY if all(k in (L.STATIC, L.NUMPY) for k in arg_kinds) else L.UNKNOWN
        if qual.startswith("math."):
            return L.STATIC
        if computes_on_host(qual) and not traced:
            return L.STATIC  # `scipy.optimize.brentq(f, lo, hi)`: a Python float
        if qual in A.ARRAY_TREE_FUNCTIONS:
            # `mjx.make_data(m)`: its fields are JAX arrays, traced when it is
            return L.TRACED if traced or _staged(ctx) else L.ARRAY_TREE
        if qual.startswith("jax."):
            if qual in ("jax.tree_util.keystr", "jax.tree.keystr"):
                return L.STATIC  # a key path's text: part of the pytree's structure
            if qual in ("jax.device_put", "jax.block_until_ready"):
                return arg_kinds[0] if arg_kinds else L.ARRAY
            return L.TRACED if traced else L.UNKNOWN
        if returns_host_value(qual) and all(k == L.STATIC for k in arg_kinds):
            return L.STATIC  # `os.path.join(ckpt_dir, name)`: a host library never traces
        return L.UNKNOWN
    if type(func) is cst.Attribute and func.attr.value in LINEN_VARIABLE_READS \
            and _traced_linen_self(ctx, func.value):
        return L.TRACED  # `self.get_variable("cache", "step")`: a variable `apply` was passed
    if ctx.traced and any(L.is_traced(infer_kind(ctx, a.value)) for a in call.args):
        if returns_container(ctx.index, ctx.resolver, func, ctx.unit):
            return L.TRACED_CONTAINER  # `-> List[jax.Array]`: a list of tracers, not an array
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
        # it might return stays unknown. One whose every return is traced whatever its
        # arguments (praxis's `self.get_decode_state(name)` returning
        # `self.get_variable(DECODE_CACHE, name)`) gives a traced value
        callee = called_helper(ctx, func)
        returned = returned_kind(ctx, callee, call, infer_kind) if callee is not None else None
        if returned in (L.STATIC, L.NUMPY):
            return L.STATIC
        if returned is not None and L.is_traced(returned):
            return returned
    if type(func) is cst.Attribute:
        receiver = infer_kind(ctx, func.value)
        method = func.attr.value
        if L.is_traced(receiver):
            if method in A.CONCRETE_METHODS or method in A.AXIS_METHODS:
                return L.STATIC
            if method == "get" and call.args and not _at_indexer(func.value):
                # `d.get("k")` reads an entry of a dict, like `d["k"]` (an array's only
                # `get` is `x.at[i].get()`)
                return L.TRACED_ARRAY if receiver == L.TRACED_ARRAY else L.TRACED
            if method == "copy" and not call.args:
                # a copy is what it copies: `self._cache.copy()` a dict, `states.copy()` of
                # unknown structure a dict or an array, `x.copy()` of an array an array
                return receiver
            if method not in A.ARRAY_METHODS and (
                    _static_method(ctx, method) or method in ctx.facts.class_facts.imported_names):
                # `model.dofs()`, built from the pytree's static fields (a method no array
                # has: the receiver is the class's, whatever kind it was taken for)
                return L.STATIC
            if receiver == L.TRACED_ARRAY or method in A.ARRAY_METHODS:
                return L.TRACED_ARRAY
            return L.TRACED
        if receiver in (L.ARRAY, L.NUMPY):
            return L.STATIC if method in A.CONCRETE_METHODS else receiver
        if receiver == L.STATIC and type(func.value) in _TEXT and all(
                infer_kind(ctx, a.value) == L.STATIC for a in call.args):
            return L.STATIC  # `"/".join(path)`: a str method on static values
        if receiver == L.STATIC and method in A.VIEW_METHODS and not call.args:
            return L.STATIC  # `shapes.items()` of a static dict: its static entries
        if receiver == L.STATIC and method in A.HOST_ARRAY_METHODS and all(
                infer_kind(ctx, a.value) == L.STATIC for a in call.args):
            return L.STATIC  # `(mask != 0).argmax(axis=0)` of a static (SciPy, NumPy) array
        if receiver == L.ARRAY_TREE and method in A.ARRAY_TREE_METHODS:
            return L.ARRAY_TREE  # `data.replace(qvel=v)`: the same pytree, one field new
        if receiver == L.REF:
            # `refs.pop()`: one ref of a list of them; `x_ref.get()`: its value
            return L.REF if _plural_refs(func.value) else L.ARRAY
    return L.UNKNOWN


_TEXT = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)


def _record_of_static_values(ctx: KindScope, call: cst.Call) -> bool:
    """A record class of this module that is no pytree (module/records.py: its constructor
    only stores its arguments as fields) given a Python value for every field: the instance
    holds Python values only. A field left to its default may be a ``default_factory`` run
    under the trace, so every field must be given; a pytree's fields are leaves, which
    transforms and tree functions take apart."""
    fields = ctx.facts.records.plain_fields(call.func, ctx.unit)
    return fields is not None and len(call.args) == len(fields) \
        and not any(a.star for a in call.args) \
        and all(infer_kind(ctx, a.value) == L.STATIC for a in call.args)


def _static_partial(ctx: KindScope, call: cst.Call) -> bool:
    """``partial(nn.BatchNorm, momentum=0.9, dtype=self.dtype)``: Python values bound to a
    class or function (or a static value, ``self.conv`` of a linen module) is a Python
    value too, complete at trace time; one binding a traced value is not."""
    first = call.args[0] if call.args else None
    if first is None or first.star or first.keyword is not None \
            or not all(infer_kind(ctx, a.value) == L.STATIC for a in call.args[1:]):
        return False
    func = first.value
    if ctx.qualname(func) is not None:
        return True  # an import, a name of the module (none a function binds)
    if type(func) is cst.Name and (ctx.resolver.function(func, ctx.unit) is not None or
                                   func.value in ctx.index.class_nodes
                                   and refers_to_module(ctx.unit, func.value)):
        return True  # a function, or a class of the module (not `self.method` of a pytree)
    return infer_kind(ctx, func) == L.STATIC


def _given_static(ctx: KindScope, call: cst.Call, needed: tuple[tuple[str, int], ...]) -> bool:
    """The call gives a Python value for each parameter (name, position; -1 keyword-only)
    another module's function needs to return one (flow/exported_returns.py); one it leaves
    out has a default that is one. A spread may fill any of them: not known."""
    if any(a.star for a in call.args):
        return False
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    for name, position in needed:
        value = positional[position] if 0 <= position < len(positional) else keywords.get(name)
        if value is not None and infer_kind(ctx, value) != L.STATIC:
            return False
    return True


def _at_indexer(node: cst.BaseExpression) -> bool:
    """``x.at[i]``: what ``.get()``/``.set()`` of an indexed update are called on."""
    return type(node) is cst.Subscript and type(node.value) is cst.Attribute \
        and node.value.attr.value == "at"


def _static_method(ctx: KindScope, name: str, as_property: bool = False) -> bool:
    """A method of this module's classes whose every definition returns only static
    values (literals, builtins, static fields, shapes, static members of its fields'
    classes: ``len(self.link_names)``, ``self.params.number_of_links()``): a Python value
    even on a traced pytree. ``as_property``: read as an attribute, so only a ``@property``
    counts (module/class_facts.py)."""
    return ctx.facts.class_facts.static_method(name, as_property)


def static_members(ctx: KindScope) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For the module summary: each class of this module with the members that are Python
    values on a traced instance (its static fields, its methods and properties built only
    from static values, and paths through its fields' classes), so that modules importing
    it know them too; `__init__` marks a class whose instances are Python values
    (module/instances.py)."""
    facts = ctx.facts.class_facts
    static_instances = static_instance_classes(ctx.index, ctx.resolver)
    found = ((name, tuple(sorted(facts.members(name) | _init_if(name in static_instances))))
             for name in ctx.index.class_nodes)
    return tuple((name, members) for name, members in found if members)


def _init_if(static_instance: bool) -> frozenset[str]:
    return frozenset({"__init__"}) if static_instance else frozenset()


# ---------------------------------------------------------------------------------
# The walker
