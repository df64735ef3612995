"""Functions traced by contract: no transform is visible at them, but the framework they
are written for (or the project's configuration) says that their users trace them.

A Flax linen module's ``__call__`` runs inside ``model.apply``, which users jit; an Equinox
module's ``__call__`` inside a ``filter_jit``-ed step; the function given to
``hk.transform`` inside ``apply``; the ``update`` function of an optax
``GradientTransformation`` inside a jitted train step (not its ``init``, an initialiser
often called eagerly). Each root carries the reason it is
traced, which the findings' messages repeat. Helpers such methods call are reached through
the call graph like the callees of any traced function.

A root's parameters are traced, except flags: a parameter annotated as a Python scalar or
a str (a str or None, a tuple of them; but not ``Optional[int]``, which also declares an
index a caller may scan over) or defaulting to one (``train: bool = False``,
``deterministic=True``), or named like an option (``is_training``, ``model_mode``), is how these methods take their options, which their
users fix with ``static_argnames`` or ``partial``; so is a parameter the method
itself uses as a shape or size (``jnp.zeros((n, features))``, ``np.arange(qlen)``): its
users can only pass it static; and one that overrides an option field per call
(``seqhw or self.seqhw``): its users pass it as they build the field. A part of the
module's own models is called by them, in their trace: a parameter every call of it the
module shows fills with a Python value (``skip_cls(strides)(x, y.shape)``) is one
(module/submodule_calls.py, flow/kinds.py).
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.pytrees import HAIKU_TRANSFORMS, LINEN_BASES
from jaxpure.analysis.catalog.arrays import PYTHON_SCALAR_ANNOTATIONS
from jaxpure.analysis.catalog.shapes import NUMPY_SIZE_ARGS, SHAPE_ARGS
from jaxpure.analysis.catalog.transforms import TRANSFORMS, Transform
from jaxpure.analysis.module.annotations import is_none, without_none
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import derives_from, body_statements
from jaxpure.analysis.module.list_indexes import list_index_names
from jaxpure.analysis.module.test_code import is_test_module
from jaxpure.analysis.syntax import call_arg, descendants, keyword_arg, none_test

if TYPE_CHECKING:
    from collections.abc import Collection

    from jaxpure.analysis.module.index import ModuleIndex, Param, Unit
    from jaxpure.analysis.module.resolve import Resolver

# what traces a function by contract: jit, as its users apply it
CONTRACT_JIT: Transform = TRANSFORMS["jax.jit"]

CLU_METRICS = frozenset(f"clu.metrics.{name}" for name in (
    "Metric", "Average", "Std", "LastValue", "Accuracy"))
LINEN_COMPACT = frozenset({"flax.linen.compact", "flax.linen.module.compact", "flax.linen.nowrap"})
# model bases whose methods run inside the framework's traced entry points: base -> (methods
# traced, what to call the method in a message)
CONTRACT_BASES: dict[str, tuple[frozenset[str], str]] = {
    **{base: (frozenset({"__call__", "setup"}), "a flax linen module method")
       for base in LINEN_BASES},
    "equinox.Module": (frozenset({"__call__"}), "an Equinox module's `__call__`"),
    # a haiku module is built inside `hk.transform` too (haiku refuses it elsewhere), so
    # under a jitted `apply` its constructor runs in the trace like its `__call__`
    "haiku.Module": (frozenset({"__call__", "__init__"}),
                     "a haiku module method (run inside `hk.transform`)"),
    # clu's metrics are built from a step's model outputs inside the jitted (or pmapped)
    # train and eval steps its docs show (`Metrics.single_from_model_output(...)`); their
    # `compute` runs on the host, after the step
    **{base: (frozenset({"from_model_output"}), "a clu metric's `from_model_output` (run "
              "in the jitted step)") for base in CLU_METRICS},
}
# contract roots whose parameters are all Python values: a constructor's arguments are the
# module's hyperparameters (sizes, names, options); only what it computes with jnp is traced
STATIC_ARGUMENT_METHODS = frozenset({"__init__"})
# constructors whose function arguments are traced: qualified name -> (position, keyword)
# of each. Only `update` runs in the jitted train step; `init` is an initialiser, called
# once and often eagerly (its `PRNGKey(0)` default and its warnings are meant once)
GRADIENT_TRANSFORMATIONS: dict[str, tuple[tuple[int, str], ...]] = {
    name: ((1, "update"),) for name in (
        "optax.GradientTransformation", "optax.GradientTransformationExtraArgs",
        "optax._src.base.GradientTransformation",
        "optax._src.base.GradientTransformationExtraArgs")}


def contract_roots(index: ModuleIndex, resolver: Resolver, module: str,
                   patterns: tuple[str, ...] = (), nnx_run: str | None = None) -> list[tuple[Unit, str]]:
    """(function, why it is traced) for every function of the module traced by contract.
    ``nnx_run``: where the project runs the nnx models this module defines traced (a
    merged model called under a transform, module/nnx_runs.py), if it does.

    A test module, or a script or notebook whose top-level code runs models
    (``model.init(key, x)``), exercises its models itself (eagerly or under a visible
    transform): what it shows decides there, and only the configured patterns apply."""
    roots: list[tuple[Unit, str]] = []
    if is_test_module(index) or _runs_models(index):
        return configured_roots(index, module, patterns) if patterns else []
    for class_name in index.class_nodes:
        roots.extend(_model_methods(index, resolver, class_name, nnx_run, module))
    for unit in index.units:
        for call in unit.calls:
            roots.extend(given_functions(resolver, call, unit))
    for call in index.module_calls:
        roots.extend(given_functions(resolver, call, None))
    if patterns:
        roots.extend(configured_roots(index, module, patterns))
    return roots


def _runs_models(index: ModuleIndex) -> bool:
    return any(type(call.func) is cst.Attribute and call.func.attr.value in MODEL_RUNS
               for call in index.module_calls)


MODEL_RUNS = frozenset({"init", "init_with_output", "apply"})


def _model_methods(index: ModuleIndex, resolver: Resolver, class_name: str,
                   nnx_run: str | None, module: str) -> list[tuple[Unit, str]]:
    bases = CONTRACT_BASES if nnx_run is None else {**CONTRACT_BASES, **_nnx_bases(nnx_run)}
    framework = _framework_base(index, resolver, class_name, set(), bases, module)
    if framework is None:
        return []
    methods, reason = bases[framework]
    found = []
    for name, unit in index.classes.get(class_name, {}).items():
        if unit.is_staticmethod or not type(unit.node) is cst.FunctionDef:
            continue
        compact = any(resolver.qualname(d.decorator, None) in LINEN_COMPACT
                      for d in unit.node.decorators)
        if name in methods or compact and framework in LINEN_BASES:
            found.append((unit, f"`{class_name}.{name}`, {reason}"))
    return found


def _nnx_bases(nnx_run: str) -> dict[str, tuple[frozenset[str], str]]:
    """nnx modules of a project that runs merged nnx models traced: their ``__call__``."""
    reason = f"an nnx module's `__call__` (its project runs merged nnx models: {nnx_run})"
    return {base: (frozenset({"__call__"}), reason) for base in NNX_BASES}


NNX_BASES = frozenset({"flax.nnx.Module", "flax.nnx.module.Module"})


def _framework_base(index: ModuleIndex, resolver: Resolver, name: str, seen: set[str],
                    bases: dict[str, tuple[frozenset[str], str]], module: str = "") -> str | None:
    """The contract base a class of the module derives from (directly or through others).
    ``module``: this module's name, which names its own classes (clu's metrics derive
    from the ``Metric`` that ``clu/metrics.py`` defines)."""
    node = index.class_nodes.get(name)
    if node is None or name in seen:
        return None
    seen.add(name)
    for base in node.bases:
        qual = resolver.qualname(base.value, None) or ""
        if not qual and module and type(base.value) is cst.Name \
                and base.value.value in index.class_nodes:
            qual = f"{module}.{base.value.value}"
        if qual in bases:
            return qual
        if type(base.value) is cst.Name:
            found = _framework_base(index, resolver, base.value.value, seen, bases, module)
            if found is not None:
                return found
    return None


def given_functions(resolver: Resolver, call: cst.Call, unit: Unit | None) -> list[tuple[Unit, str]]:
    """``hk.transform(forward)``; ``update_fn`` of ``optax.GradientTransformation(init_fn, update_fn)``."""
    qual = resolver.qualname(call.func, unit)
    if qual is None:
        return []
    found = []
    if qual in HAIKU_TRANSFORMS:
        forward = call_arg(call, 0, "f")
        target = resolver.function(forward, unit) if forward is not None else None
        if target is not None:
            found.append((target, f"`{target.name}`, given to `{qual.replace('haiku.', 'hk.')}`"))
    for position, keyword in GRADIENT_TRANSFORMATIONS.get(qual, ()):
        given = call_arg(call, position, keyword)
        target = resolver.function(given, unit) if given is not None else None
        if target is not None:
            found.append((target, f"`{target.name}`, the `{keyword}` of an optax "
                                  "GradientTransformation"))
    return found


def configured_roots(index: ModuleIndex, module: str, patterns: tuple[str, ...]) -> list[tuple[Unit, str]]:
    """Functions whose qualified names (``pkg.envs.grid.GridEnv.step``) match a ``traced``
    pattern of the configuration."""
    found = []
    named = [(f"{module}.{name}" if module else name, unit) for name, unit in index.defs.items()]
    named += [(f"{module}.{cls}.{name}" if module else f"{cls}.{name}", unit)
              for cls, methods in index.classes.items() for name, unit in methods.items()]
    for qualified, unit in named:
        pattern = next((p for p in patterns if fnmatchcase(qualified, p)), None)
        if pattern is not None:
            found.append((unit, f"`{unit.name}`, listed in the configuration's `traced` (`{pattern}`)"))
    return found


# the options model methods take as Python values by convention (`is_training` in haiku)
OPTION_NAME = re.compile(r"(?:is_)?train(?:ing)?$|deterministic$|(?:use|with|return)_\w+$|verbose$|(?:\w+_)?mode$")


def contract_flag(p: Param) -> bool:
    """A parameter of a root that its users pass as a Python option, not an array."""
    if OPTION_NAME.match(p.name) and not p.star:
        return True
    annotation = p.annotation
    if annotation is not None:
        return option_annotation(annotation) and not optional_scalar(annotation)
    default = p.default
    if type(default) is cst.UnaryOperation:
        default = default.expression
    return annotation is None and (isinstance(default, (cst.Integer, cst.Float, cst.SimpleString))
                                   or type(default) is cst.Name and default.value in
                                   ("True", "False"))


def option_annotation(annotation: cst.BaseExpression) -> bool:
    """A Python scalar or a str, or such a value that may be None, or a tuple of them
    (``int``, ``str``, ``int | None``, ``Optional[int]``, ``tuple[int, ...]``): how the
    options of a module method are declared (graphcast's ``stack_size: int | None``, a
    layer's ``output_length_overrides: tuple[int, ...] | None``). A str is never a tracer."""
    if type(annotation) is cst.Name:
        return annotation.value in PYTHON_SCALAR_ANNOTATIONS or annotation.value == "str"
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = (annotation.left, annotation.right)
        return any(not is_none(side) for side in sides) and all(
            is_none(side) or option_annotation(side) for side in sides)
    if type(annotation) is cst.Subscript and type(annotation.value) is cst.Name:
        elements = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]
        if len(elements) != len(annotation.slice) or not elements:
            return False
        if annotation.value.value == "Optional":
            return len(elements) == 1 and option_annotation(elements[0])
        if annotation.value.value in ("tuple", "Tuple"):
            return all(type(e) is cst.Ellipsis or option_annotation(e) for e in elements)
    return False


def optional_scalar(annotation: cst.BaseExpression) -> bool:
    """``int | None``, ``Optional[int]``: how an index a caller may scan over is declared as
    well as an option (maxdiffusion's ``layer_idx: Optional[int] = None``, which its own
    ``nnx.scan`` over the layers fills with ``jnp.arange(num_layers)``'s elements), so a
    parameter declared so is not presumed static; a str or a tuple is never a tracer."""
    declared = without_none(annotation)
    return declared is not annotation and type(declared) is cst.Name \
        and declared.value in PYTHON_SCALAR_ANNOTATIONS


ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})


def enum_option(index: ModuleIndex, resolver: Resolver, p: Param) -> bool:
    """A parameter declared as an enum of the module (``method: CombineMethod =
    CombineMethod.SUM``, or ``Optional[...]`` of one): a choice among named members, which
    users of a model method pass as an option, like a str."""
    annotation = without_none(p.annotation) if p.annotation is not None else None
    return type(annotation) is cst.Name and derives_from(
        index, resolver, annotation.value, ENUM_BASES, set())


def shape_parameters(resolver: Resolver, unit: Unit) -> frozenset[str]:
    """The parameters ``unit`` passes bare, or as an element of a literal tuple or list,
    where a shape or size goes: a JAX shape argument, a NumPy size (``np.arange(n)``), any
    ``shape=`` keyword,
    a ``range()`` bound, a slice bound (``h[:, :n]``, ``h[:min(t, n)]``: a traced bound
    raises, so its callers pass it static), an index into a list the function builds
    (``shape[ax] = ...`` for each ``ax`` of it: module/list_indexes.py); or one it passes on bare to a function of the
    module that uses it so (``self.estimate(x, chunk)`` ranging over ``chunk``): the callee
    needs it static, so its callers must pass it static too."""
    found = unit.__dict__.get("_shape_parameters")
    if found is None:
        unit.__dict__["_shape_parameters"] = frozenset()  # a recursive call adds nothing
        names: set[str] = set()
        for call in unit.calls:
            for spot in _shape_spots(resolver, unit, call) + _forwarded_shapes(resolver, unit, call):
                names |= _bare_names(spot)
        nodes = list(descendants(unit.node))  # one walk for the slices and the list indexes
        for bound in _slice_bounds(nodes):
            names |= _bare_names(bound)
            if type(bound) is cst.Call and type(bound.func) is cst.Name \
                    and bound.func.value in ("min", "max"):
                names |= {arg.value.value for arg in bound.args if type(arg.value) is cst.Name}
        names |= list_index_names(nodes)
        found = unit.__dict__["_shape_parameters"] = frozenset(names & unit.param_names)
    return found


def _forwarded_shapes(resolver: Resolver, unit: Unit, call: cst.Call) -> list[cst.BaseExpression]:
    """The arguments ``call`` passes to parameters its callee (a function of the module)
    uses as shapes or sizes."""
    callee = resolver.function(call.func, unit)
    if callee is None:
        # (asked only of a module handing its parameters to such functions of others)
        return _imported_shapes(resolver, unit, call) \
            if "imported_shape_parameters" in resolver.memo else []
    if callee is unit:
        return []
    passed = callee.arguments_of(call, before_spreads=True)
    if not passed:
        return []
    shapes = shape_parameters(resolver, callee)
    return [value for name, value in passed.items() if name in shapes]


def _imported_shapes(resolver: Resolver, unit: Unit, call: cst.Call) -> list[cst.BaseExpression]:
    """The arguments ``call`` passes to parameters that a function of another module, as its
    summary says, uses as shapes (the pipeline gives them: module/gate_index.py)."""
    imported = resolver.memo.get("imported_shape_parameters", {})
    qual = resolver.qualname(call.func, unit)
    shapes = imported.get(qual) if qual is not None else None
    if not shapes:
        return []
    spread = any(arg.star == "*" for arg in call.args)  # the positions filled are not known
    found = []
    for name, position in shapes:
        keyword = keyword_arg(call, name)
        value = keyword.value if keyword is not None else \
            call_arg(call, position) if position >= 0 and not spread else None
        if value is not None:
            found.append(value)
    return found


def exported_shape_parameters(resolver: Resolver, traced_from_outside: Collection[int]
                              ) -> tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...]:
    """(function, its shape parameters, their positions) for each module-level function
    another module's traced code calls handing it its own parameters (a seed asks:
    module/gate_index.py), of those whose ids are in ``traced_from_outside`` (traced by
    another module's call; given as ids so that this module needs nothing of traced.py,
    which imports it): whether the caller's parameter is a shape too is read in the
    caller's module."""
    found = []
    for name in sorted(resolver.memo.get("asked_shape_parameters", ())):
        unit = resolver.index.defs.get(name)
        if unit is None or id(unit) not in traced_from_outside:
            continue
        shapes = shape_parameters(resolver, unit)
        params = [p for p in unit.params if p.name in shapes]
        if params:
            found.append((name, tuple(p.name for p in params), tuple(p.index for p in params)))
    return tuple(found)


def field_override_parameters(index: ModuleIndex, unit: Unit) -> frozenset[str]:
    """The parameters of a method that stand in for one of its class's option fields
    (fields declared a Python value, ``seqhw: Optional[int] = None``): ``seqhw or
    self.seqhw``, ``self.seqhw if seqhw is None else seqhw``, or a local given either in
    different branches. Such a parameter overrides a
    hyperparameter per call, so its
    users pass it as they build the field: static (big_vision's flexible ViT takes its
    patch count so)."""
    found = unit.__dict__.get("_field_override_parameters")
    if found is None:
        fields = option_fields(index, unit.class_name) if unit.parent_is_class else frozenset()
        names: set[str] = set()
        if fields:
            for current in descendants(unit.node):
                names.update(_overriding_name(current, fields))
            names.update(_assigned_in_place_of_field(unit.node, fields))
        found = unit.__dict__["_field_override_parameters"] = frozenset(names & unit.param_names)
    return found


def option_fields(index: ModuleIndex, class_name: str | None) -> frozenset[str]:
    """The fields a class body declares with an option annotation (``width: int``,
    ``seqhw: Optional[int] = None``)."""
    return frozenset(
        small.target.value for small in body_statements(index, class_name or "")
        if type(small) is cst.AnnAssign and type(small.target) is cst.Name
        and option_annotation(small.annotation.annotation))


def _overriding_name(node: cst.CSTNode, fields: frozenset[str]) -> list[str]:
    """``p`` when ``node`` chooses between ``p`` and ``self.<field>``."""
    if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
        pair = [node.left, node.right]
    elif type(node) is cst.IfExp:
        found = _tested_for_none(node.test)
        pair = [node.body, node.orelse] if found is not None else []
    else:
        return []
    if len(pair) != 2 or not any(_own_field(side, fields) for side in pair):
        return []
    return [side.value for side in pair if type(side) is cst.Name]


def _assigned_in_place_of_field(node: cst.CSTNode, fields: frozenset[str]) -> set[str]:
    """``p`` when a local is given ``p`` in one place and ``self.<field>`` in another
    (``if p is not None: ratio = p`` / ``else: ratio = self.ratio``): the same choice as
    ``p or self.ratio``, written as statements."""
    values: dict[str, list[cst.BaseExpression]] = {}
    for current in descendants(node):
        if type(current) is cst.Assign and len(current.targets) == 1 \
                and type(current.targets[0].target) is cst.Name:
            values.setdefault(current.targets[0].target.value, []).append(current.value)
    found: set[str] = set()
    for assigned in values.values():
        if any(_own_field(value, fields) for value in assigned):
            found.update(value.value for value in assigned if type(value) is cst.Name)
    # an override is left None to keep the field (`if p is not None:`); a state a caller
    # threads through (`h = carry`, else `h = self.h0`) is not tested so
    tested = {_tested_for_none(current) for current in descendants(node)
              if type(current) is cst.Comparison}
    return found & {name for name in tested if name is not None}


def _tested_for_none(test: cst.BaseExpression) -> str | None:
    """``p`` of ``p is None`` or ``p is not None``."""
    found = none_test(test)
    return found[0] if found is not None else None


def _own_field(node: cst.BaseExpression, fields: frozenset[str]) -> bool:
    return type(node) is cst.Attribute and node.attr.value in fields \
        and type(node.value) is cst.Name and node.value.value == "self"


def _shape_spots(resolver: Resolver, unit: Unit, call: cst.Call) -> list[cst.BaseExpression]:
    qual = resolver.qualname(call.func, unit) or _chosen_module_function(resolver, unit, call.func)
    sizes = SHAPE_ARGS.get(qual) or NUMPY_SIZE_ARGS.get(qual, ())
    spots = [call_arg(call, position, keyword) for position, keyword in sizes]
    if qual == "builtins.range":
        spots.extend(arg.value for arg in call.args)
    shape = keyword_arg(call, "shape") if not sizes else None
    if shape is not None:  # `onp.zeros(shape=...)`, a helper's `shape=`: a shape all the same
        spots.append(shape.value)
    return [spot for spot in spots if spot is not None]


def _chosen_module_function(resolver: Resolver, unit: Unit, func: cst.BaseExpression) -> str:
    """``numpy.arange`` for ``xp.arange`` when ``xp = jnp if on_device else np``: a
    function both modules have with the same arguments (the NumPy one, whose sizes are
    what the catalog knows)."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return ""
    found = single_value(resolver.index, unit, func.value.value)
    value = found[0] if found is not None else None
    if type(value) is not cst.IfExp:
        return ""
    modules = {resolver.qualname(side, unit) for side in (value.body, value.orelse)}
    if modules != {"numpy", "jax.numpy"}:
        return ""
    return f"numpy.{func.attr.value}"


def container_parameters(unit: Unit) -> frozenset[str]:
    """Parameters of a root that are Python containers, not arrays: one defaulting to a
    list or dict literal (``feat_idx=[0]``), one the function stores a string or None in
    (``feat_cache[i] = "Rep"``), or one whose items it tests against None
    (``feat_cache[i] is not None``): an array holds neither. A list of cached arrays threaded
    through a model's calls is mutated at trace time, which is fine."""
    found = unit.__dict__.get("_container_parameters")
    if found is None:
        names = {p.name for p in unit.params
                 if isinstance(p.default, (cst.List, cst.Dict))}
        names |= _non_array_items(unit.node)
        found = unit.__dict__["_container_parameters"] = frozenset(names & unit.param_names)
    return found


def _non_array_items(node: cst.CSTNode) -> set[str]:
    """Names ``x`` of every ``x[i] = "text"``, ``x[i] = None`` and ``x[i] is (not) None``
    written in a function."""
    found: set[str] = set()
    for current in descendants(node):
        if type(current) is cst.Assign:
            if is_none(current.value) or isinstance(current.value, cst.SimpleString):
                for target in current.targets:
                    found.update(_subscripted_name(target.target))
        elif type(current) is cst.Comparison:
            if any(isinstance(c.operator, (cst.Is, cst.IsNot)) and is_none(c.comparator)
                   for c in current.comparisons):
                found.update(_subscripted_name(current.left))
    return found




def _subscripted_name(node: cst.BaseExpression) -> set[str]:
    """``x`` of ``x[i]``."""
    if type(node) is cst.Subscript and type(node.value) is cst.Name:
        return {node.value.value}
    return set()


def _slice_bounds(nodes: list[cst.CSTNode]) -> list[cst.BaseExpression]:
    """The lower and upper bounds of every slice among a function's nodes."""
    return [bound for current in nodes if type(current) is cst.Slice
            for bound in (current.lower, current.upper) if bound is not None]


def _bare_names(spot: cst.BaseExpression) -> set[str]:
    """``n`` and ``(x.shape[0], n)`` give ``n``; so does ``n + x.shape`` (a shape tuple
    joined to another: ``n`` is one too); ``n // 2`` and ``x.shape`` give nothing."""
    if type(spot) is cst.BinaryOperation and type(spot.operator) is cst.Add:
        sides = (spot.left, spot.right)
        if any(_shape_tuple(side) for side in sides):
            return {side.value for side in sides if type(side) is cst.Name}
    values = [e.value for e in spot.elements] if isinstance(spot, (cst.Tuple, cst.List)) else [spot]
    return {v.value for v in values if type(v) is cst.Name}


def _shape_tuple(node: cst.BaseExpression) -> bool:
    """``x.shape`` or a literal tuple."""
    return type(node) is cst.Tuple or type(node) is cst.Attribute and node.attr.value == "shape"


def builds_per_call_instance(index: ModuleIndex, resolver: Resolver, unit: Unit) -> bool:
    """``unit`` sets up an instance that lives for one traced call only, so what it assigns
    to ``self`` (submodules, constants built from fields) outlives no trace: the ``setup``
    of a linen module (``apply`` runs it on the clone it binds for one call) and the
    ``__init__`` of a haiku module (built inside ``hk.transform``, anew on every call of
    the transformed function), and the helper methods only they call. Any method of a
    haiku module, too: haiku builds every module inside the transformed function (it
    refuses to build one elsewhere), so the instance its methods store on is that call's
    own (``impl = AlphaFoldIteration(...)`` in ``AlphaFold.__call__``)."""
    if not unit.parent_is_class or unit.class_name is None:
        return False
    framework = _framework_base(index, resolver, unit.class_name, set(), CONTRACT_BASES)
    if framework == "haiku.Module":
        return True
    builder = "setup" if framework in LINEN_BASES else None
    return builder is not None and (unit.name == builder
                                    or _called_only_by(index, unit, builder))


def is_linen_class(index: ModuleIndex, resolver: Resolver, class_name: str) -> bool:
    """A class of the module derived (directly or through others) from ``nn.Module``."""
    return _framework_base(index, resolver, class_name, set(), CONTRACT_BASES) in LINEN_BASES


def model_class_names(index: ModuleIndex, resolver: Resolver) -> frozenset[str]:
    """The linen, haiku and Equinox module classes of the module (once per module)."""
    found = resolver.memo.get("contract_model_classes")
    if found is None:
        found = resolver.memo["contract_model_classes"] = frozenset(
            name for name in index.class_nodes
            if _framework_base(index, resolver, name, set(), CONTRACT_BASES) is not None)
    return found


def is_model_method(index: ModuleIndex, resolver: Resolver, unit: Unit) -> bool:
    """A method of a linen, haiku or Equinox module class of the module."""
    return unit.parent_is_class and unit.class_name is not None and _framework_base(
        index, resolver, unit.class_name, set(), CONTRACT_BASES) is not None


def _called_only_by(index: ModuleIndex, unit: Unit, builder: str) -> bool:
    """A helper method ``builder`` calls (``self._setup_levels(...)``) and no other method
    of the class calls: it runs on the same per-call instance."""
    callers = [method for method in index.classes.get(unit.class_name or "", {}).values()
               if any(_calls_own_method(call, unit.name) for call in method.calls)]
    return bool(callers) and all(method.name == builder for method in callers)


def _calls_own_method(call: cst.Call, name: str) -> bool:
    func = call.func
    return type(func) is cst.Attribute and func.attr.value == name \
        and type(func.value) is cst.Name and func.value.value == "self"
