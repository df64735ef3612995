"""Which functions JAX traces, under which transforms, with which static parameters.

A function body is traced when it is decorated or wrapped by a transform, passed as a body
to a ``lax`` control-flow primitive, or called by name from a traced function. Each traced
function records the transforms that reach it, because findings depend on them: stale
globals need a caching transform (jit, pmap), Python ``if`` on a tracer fails under jit,
vmap and lax bodies but not under a bare ``grad``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from jaxpure.analysis.module.body_params import (
    ParameterBody, parameter_name, passed_functions, spread_own_kwargs,
)
from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.classes import applied_function, called_model, held_method, model_classes
from jaxpure.analysis.module.construction import construction_units
from jaxpure.analysis.module.submodule_calls import model_parts
from jaxpure.analysis.module.contracts import CONTRACT_JIT, contract_roots, model_class_names
from jaxpure.analysis.module.hierarchy import override_edges, typed_edges
from jaxpure.analysis.module.passed_scalars import find_passed_scalars
from jaxpure.analysis.module.unpassed_defaults import unpassed_defaults
from jaxpure.analysis.module.wrappers import rewritten_statics, wrapper_transforms
from jaxpure.analysis.module.resolve import Resolver, seeded_unit
from jaxpure.analysis.syntax import call_arg, keyword_arg, positional_args
from jaxpure.analysis.catalog.transforms import Transform, lookup
from jaxpure.analysis.module.transform_args import axes_entries as _axes_entries
from jaxpure.analysis.module.partial_rebinding import partial_held
from jaxpure.analysis.module.transform_args import body_arguments, body_arity, bound_values, read_statics
from jaxpure.analysis.module.transform_args import rule_static_params as _rule_static_params
from jaxpure.analysis.module.transform_args import undifferentiated as _undifferentiated

PARTIAL = "functools.partial"


@dataclass
class TraceInfo:
    via: str | None = None
    caching_via: str | None = None
    strict_via: str | None = None
    caller: Unit | None = None
    direct: bool = False
    filtered: bool = False
    stateful: bool = False
    loop_body: bool = False
    static_params: set[str] = field(default_factory=set)
    # static_argnums/argnames given as something other than literals
    statics_unknown: bool = False
    # parameters that are not traced under a vmap (in_axes=None)
    unbatched_params: set[str] = field(default_factory=set)
    # parameters outside the argnums of every grad-like transform applied to the function,
    # and not traced by any other: they keep the kind the caller gives
    undifferentiated: set[str] = field(default_factory=set)
    # where the transform is applied: (transform, node, unit containing it)
    origins: list[tuple[Transform, cst.CSTNode, Unit | None]] = field(default_factory=list)
    # traced through a caller in another module: "train.py:42 (`train_step`)"
    external_origin: str | None = None
    # parameters with a Python scalar default (`training=False`) that a call in this module
    # passes to the jitted function: a passed value is traced, the default is not
    passed_scalars: set[str] = field(default_factory=set)
    # a custom_vjp/custom_jvp rule (f_fwd, f_bwd, f_jvp): JAX calls it with traced values,
    # except the owner's nondiff_argnums (`custom_rule_static`)
    custom_rule: bool = False
    custom_rule_static: set[str] = field(default_factory=set)
    # traced by contract, not by a visible transform: why ("`M.__call__`, a flax linen
    # module method"); shown only while no visible transform reaches it (`transformed`)
    contract: str | None = None
    transformed: bool = False
    # functions whose callers' keywords fill parameters through `partial(f, **kwargs)`
    kwargs_sources: list[Unit] = field(default_factory=list)
    # a method traced because a traced function calls it on a traced argument (a seed whose
    # first kind is ``self``'s): ``self`` is the caller's pytree, its fields tracers
    traced_self: bool = False

    @property
    def traced(self) -> bool:
        return self.via is not None


@dataclass(frozen=True)
class Origin:
    """A place where a transform is applied to a function."""

    transform: Transform
    node: cst.CSTNode  # the decorator expression or the call
    container: Unit | None  # the function the application sits in (None: module level)
    target: Unit
    static: frozenset[str]
    unbatched: frozenset[str] = frozenset()
    statics_unknown: bool = False
    undifferentiated: frozenset[str] = frozenset()
    contract: str | None = None  # traced by contract (module/contracts.py): why
    # `partial(f, **kwargs)` of this function's own `**kwargs`: its callers give them
    kwargs_source: Unit | None = None
    # what a `partial(f, a, k=v)` binds, by parameter: the values the transform never
    # passes, written in `container`'s scope (flow/given.py asks whether they may be None)
    bound_values: tuple[tuple[str, cst.BaseExpression], ...] = ()


class TracedAnalysis:
    def __init__(self, index: ModuleIndex, resolver: Resolver, extra: dict[str, str],
                 module: str = "", patterns: tuple[str, ...] = (),
                 nnx_run: str | None = None) -> None:
        self.module, self.patterns = module, patterns
        self.nnx_run = nnx_run  # where the project runs this module's nnx models traced
        self.index = index
        self.resolver = resolver
        self.extra = extra
        # imported project wrappers -> the static keywords they rewrite (module/wrappers.py)
        self.rewritten_statics: dict[str, frozenset[str]] = {}
        self.parameter_bodies: list[ParameterBody] = []
        self.info: dict[int, TraceInfo] = {}
        self.origins: list[Origin] = []
        self.edges: list[tuple[Unit, Unit, cst.Call]] = []
        # custom_vjp/custom_jvp rules: (the function, one of its rules, "fwd"/"bwd"/"jvp")
        self.rule_edges: list[tuple[Unit, Unit, str]] = []
        # transforms of names defined elsewhere: (transform, name, container, application)
        self.imported_targets: list[tuple[Transform, cst.BaseExpression, Unit | None, cst.CSTNode]] = []
        # units seeded by callers in other modules -> whether every such caller is
        # construction code (module/construction.py); the set is asked for lazily
        self.seeded_construction: dict[int, bool] = {}
        self._construction: set[int] | None = None

    def is_traced(self, unit: Unit) -> bool:
        found = self.info.get(id(unit))
        return found is not None and found.traced

    def info_for(self, unit: Unit) -> TraceInfo:
        found = self.info.get(id(unit))
        if found is None:
            found = self.info[id(unit)] = TraceInfo()
        return found

    # -- recognising transforms ------------------------------------------------------
    def transform(self, expr: cst.BaseExpression, unit: Unit | None,
                  depth: int = 0) -> tuple[Transform, cst.Call | None] | None:
        """``jax.jit`` -> (jit, None); ``jax.jit(...)``/``partial(jax.jit, ...)`` -> (jit, call)."""
        alias = self.module_alias(expr, unit)
        if alias is not None and depth < 3:
            # `my_jit = partial(jax.jit, static_argnums=0)` then `@my_jit`
            return self.transform(alias, None, depth + 1)
        if type(expr) is cst.Call:
            qual = self.resolver.qualname(expr.func, unit)
            if qual == PARTIAL:
                inner = call_arg(expr, 0)
                if inner is not None:
                    found = self.transform(inner, unit)
                    if found is not None and found[1] is None:
                        return found[0], expr
                return None
            if qual is not None:
                t = lookup(qual, self.extra)
                if t is not None and t.kind == "wrap" and not positional_args(expr):
                    return t, expr  # decorator factory: @jax.jit(static_argnums=...)
            return None
        qual = self.resolver.qualname(expr, unit)
        if qual is None:
            return None
        t = lookup(qual, self.extra)
        return (t, None) if t is not None else None

    def module_alias(self, expr: cst.BaseExpression, unit: Unit | None) -> cst.BaseExpression | None:
        """The value of a module-level name bound exactly once (an alias), if ``expr`` is one."""
        if not type(expr) is cst.Name or expr.value in self.index.import_names:
            return None
        u = unit
        while u is not None:
            if u.binds(expr.value):
                return None
            u = u.parent
        bindings = self.index.bindings.get(expr.value)
        if bindings is None or len(bindings) != 1 or bindings[0].value is None:
            return None
        value = bindings[0].value
        return value if isinstance(value, (cst.Name, cst.Attribute, cst.Call)) else None

    # -- collecting origins ----------------------------------------------------------
    def collect(self) -> None:
        for unit in self.index.units:
            if type(unit.node) is cst.FunctionDef:
                decorators = unit.node.decorators
                for position, decorator in enumerate(decorators):
                    found = self.transform(decorator.decorator, unit.parent)
                    if found is not None and found[0].kind == "wrap":
                        t, options = found
                        self.add_origin(t, decorator.decorator, unit.parent, unit, options, 0)
                        # `@jax.jit @count_calls def f`: jit traces the wrapper the user's
                        # decorator returns, and so what the wrapper does
                        for inner in decorators[position + 1:]:
                            wrapper = self.resolver.decorator_wrapper(inner.decorator)
                            if wrapper is not None:
                                self.add_origin(t, decorator.decorator, unit.parent, wrapper,
                                                options, 0)
        for call in self.index.module_calls:
            self.collect_call(call, None)
            self.collect_custom_rules(call, None)
        held_edges: list[tuple[Unit, Unit, cst.Call]] = []
        models = model_class_names(self.index, self.resolver)
        for unit in self.index.units:
            for call in unit.calls:
                self.collect_call(call, unit)
                self.collect_custom_rules(call, unit)
                applied = applied_function(self.index, self.resolver, call.func, unit)
                callee = self.resolver.function(call.func, unit) or \
                    called_model(self.index, self.resolver, call, unit) or \
                    (applied[0] if applied is not None else None)
                if callee is not None:
                    self.edges.append((unit, callee, call))
                    continue
                held = held_method(self.index, call, unit)
                # `self.op.run(x)`, a model's `Block(...)(x)`, `skip_cls(s)(x, y.shape)` (a
                # field holding a class): none shows a run of the part (a submodule)
                parts = [held] if held is not None else model_parts(
                    self.index, self.resolver, unit, call) if models else ()
                if parts:
                    held_edges.extend((unit, part, call) for part in parts)
        self.edges.extend(override_edges(self.index))  # `self.rewards()`: every override
        # `kernel.matmul(x)` on a parameter annotated `kernel: Kernel`: Kernel's and overrides
        self.edges.extend(typed_edges(self.index, self.resolver))
        self.resolve_parameter_bodies()
        # traced by contract, unless this module shows how it runs (`jax.jit(model.apply)`,
        # an eager `model.apply(...)`): then what it shows decides
        shown = {id(callee) for _c, callee, _call in self.edges} | {id(o.target) for o in self.origins}
        self.edges.extend(held_edges)
        for unit, reason in contract_roots(self.index, self.resolver, self.module, self.patterns,
                                           self.nnx_run):
            if id(unit) not in shown:
                self.origins.append(Origin(CONTRACT_JIT, unit.node, None, unit, frozenset(),
                                           contract=reason))

    def _nnx_method(self, unit: Unit) -> bool:
        return self.nnx_run is not None and unit.class_name is not None \
            and model_classes(self.index, self.resolver).get(unit.class_name) == "nnx"

    def collect_custom_rules(self, call: cst.Call, unit: Unit | None) -> None:
        """``f.defvjp(f_fwd, f_bwd)`` / ``f.defjvp(f_jvp)``: the rules run whenever ``f`` is
        differentiated, traced like ``f`` (once under jit)."""
        func = call.func
        if not type(func) is cst.Attribute or func.attr.value not in CUSTOM_RULE_METHODS:
            return
        owner = self.resolver.function(func.value, unit)
        if owner is None:
            return
        roles = ("fwd", "bwd") if func.attr.value == "defvjp" else ("jvp",) * len(call.args)
        for arg, role in zip(call.args, roles):
            rule = self.resolver.function(arg.value, unit)
            if rule is not None and rule is not owner:
                self.rule_edges.append((owner, rule, role))

    def collect_call(self, call: cst.Call, unit: Unit | None) -> None:
        func = call.func
        options: cst.Call | None = call
        if type(func) is cst.Call:
            # partial(jax.jit, static_argnums=1)(f)
            found = self.transform(func, unit)
            if found is None or found[1] is None:
                return
            t, options = found[0], found[1]
        else:
            found = self.transform(func, unit)
            if found is None:
                return
            t = found[0]
            if found[1] is not None:
                options = found[1]
        if t.kind == "wrap":
            target = call_arg(call, 0, "fun") or call_arg(call, 0, "f")
            if target is not None:
                self.add_target(t, call, unit, target, options)
            return
        arity = body_arity(t.name, call)
        for body in body_arguments(t, call):
            self.add_target(t, call, unit, body, None, arity)

    def add_target(
        self,
        t: Transform,
        node: cst.CSTNode,
        unit: Unit | None,
        target: cst.BaseExpression,
        options: cst.Call | None,
        arity: int | None = None,
    ) -> None:
        bound: set[str] = set()
        if type(target) is cst.Name and unit is not None:
            # `f = partial(f, k=v)` before `lax.cond(p, x, f, y, g)`: the partial is traced
            target = partial_held(unit, target.value, node, self.resolver) or target
        if type(target) is cst.Call:
            qual = self.resolver.qualname(target.func, unit)
            if qual == PARTIAL and target.args:
                inner = self.resolver.function(target.args[0].value, unit)
                if inner is not None:
                    self.add_partial(t, node, unit, target, inner, options, 0)
                else:
                    self.defer_parameter_body(t, node, unit, target.args[0].value, target, arity)
                return
            nested = self.transform(target.func, unit) if not type(target.func) is cst.Call else None
            if nested is not None and nested[0].kind == "wrap":
                # jax.jit(jax.vmap(f)): f is traced by both
                inner_target = call_arg(target, 0)
                if inner_target is not None:
                    self.add_target(t, node, unit, inner_target, options)
            return
        target_unit = self.resolver.function(target, unit)
        if target_unit is None and self.defer_parameter_body(t, node, unit, target, None, arity):
            return
        if target_unit is None:
            applied = applied_function(self.index, self.resolver, target, unit)
            if applied is not None:
                # jax.jit(model.apply) / jax.jit(net.apply): argnums count apply's arguments
                self.add_origin(t, node, unit, applied[0], options, applied[1], bound)
            elif t.kind == "wrap" and not t.inherit:
                # `jit(vmap(gamma))` of an imported function: traced in its own module
                self.imported_targets.append((t, target, unit, node))
            return
        # a bound method (self.step): argnums do not count self (a staticmethod has none)
        shift = 1 if type(target) is cst.Attribute and target_unit.parent_is_class \
            and not target_unit.is_staticmethod and not _names_class(target, self.index) else 0
        if arity is not None:
            # a lax primitive passes exactly `arity` arguments; the rest keep their defaults
            bound.update(p.name for p in target_unit.params if p.index >= arity + shift)
        bound |= unpassed_defaults(self.index, t, unit, node, target_unit, shift, bound)
        self.add_origin(t, node, unit, target_unit, options, shift, bound)

    def add_partial(self, t: Transform, node: cst.CSTNode, unit: Unit | None,
                    target: cst.Call, inner: Unit, options: cst.Call | None,
                    shift: int) -> None:
        """``partial(f, a, k=v)``: the bound arguments are Python constants in the trace,
        but what a ``**kwargs`` of the applying function spreads has the kinds its callers
        give (module/body_params.py). ``shift``: ``self`` of a bound method."""
        n_bound = len(positional_args(target)) - 1
        bound = {p.name for p in inner.params if 0 <= p.index - shift < n_bound}
        bound.update(a.keyword.value for a in target.args if a.keyword is not None)
        splat = any(a.star for a in target.args)  # partial(f, **kwargs)
        source = unit if splat and unit is not None and spread_own_kwargs(target, unit) else None
        if not splat:
            bound |= unpassed_defaults(self.index, t, unit, node, inner, n_bound + shift, bound)
        self.add_origin(t, node, unit, inner, options, n_bound + shift, bound,
                        statics_unknown=splat and source is None, kwargs_source=source,
                        bound_values=bound_values(target, inner, shift))

    def defer_parameter_body(self, t: Transform, node: cst.CSTNode, unit: Unit | None,
                             function: cst.BaseExpression, partial: cst.Call | None,
                             arity: int | None) -> bool:
        """A body named by a parameter of ``unit``: known once the calls of ``unit`` are."""
        param = parameter_name(function, unit) if t.kind == "call" else None
        if param is None or unit is None:
            return False
        self.parameter_bodies.append(ParameterBody(t, node, unit, param, partial, arity))
        return True

    def resolve_parameter_bodies(self) -> None:
        for body in self.parameter_bodies:
            t = body.transform
            for function, shift in passed_functions(self.resolver, body, self.edges):
                if body.partial is not None:
                    self.add_partial(t, body.node, body.unit, body.partial, function, None, shift)
                    continue
                bound = {p.name for p in function.params if p.index >= body.arity + shift} \
                    if body.arity is not None else set()
                self.add_origin(t, body.node, body.unit, function, None, shift, bound)

    def add_origin(
        self,
        t: Transform,
        node: cst.CSTNode,
        container: Unit | None,
        target: Unit,
        options: cst.Call | None,
        shift: int,
        bound: set[str] | None = None,
        statics_unknown: bool = False,
        kwargs_source: Unit | None = None,
        bound_values: tuple[tuple[str, cst.BaseExpression], ...] = (),
    ) -> None:
        """Record that ``t`` traces ``target``; ``shift`` leading parameters are not
        counted by ``static_argnums`` (bound ``self``, arguments bound by ``partial``)."""
        static = set(bound or ())
        unbatched: set[str] = set()
        positional = [p for p in target.params if p.index >= 0]
        if options is not None:
            rewritten = self.rewritten_statics.get(t.name, frozenset())
            statics_unknown |= read_statics(options, positional, shift, static, rewritten)
        if options is not None:
            if t.name in ("jax.vmap", "equinox.filter_vmap", "flax.nnx.vmap", "jax.pmap"):
                axes = _kw(options, "in_axes")
                if axes is None and t.name != "jax.pmap" \
                        and self.resolver.qualname(options.func, container) == t.name:
                    axes = call_arg(options, 1)  # pmap's second argument is its axis name
                entries = _axes_entries(axes, len(positional) - shift,
                                        lambda name: _bound_once(self.index, container, name))
                for i, is_none in enumerate(entries or ()):
                    j = i + shift
                    if is_none and 0 <= j < len(positional):
                        unbatched.add(positional[j].name)
        self.origins.append(Origin(t, node, container, target, frozenset(static),
                                   frozenset(unbatched), statics_unknown,
                                   _undifferentiated(t, options, positional, shift),
                                   kwargs_source=kwargs_source, bound_values=bound_values))

    # -- propagation -----------------------------------------------------------------
    def seed(self, seeds: list) -> None:
        """Functions of this module traced by callers in other modules (see summary.py)."""
        for seed in seeds:
            owner = seed.function.rpartition(".")[0]  # "Env.rewards": an override
            unit = seeded_unit(self.index, seed.function)
            if unit is None:
                continue
            self._merge(unit, seed.via, seed.caching, seed.strict, None)
            self.seeded_construction[id(unit)] = \
                self.seeded_construction.get(id(unit), True) and seed.construction
            info = self.info_for(unit)
            if info.external_origin is None:
                info.external_origin = seed.origin
            info.stateful |= seed.stateful
            if owner and seed.positional and L.is_traced(seed.positional[0]) \
                    and not unit.is_staticmethod \
                    and owner not in model_classes(self.index, self.resolver):
                # (an Equinox or nnx model's fields have their own kinds: classes.py)
                info.traced_self = True

    def propagate(self) -> None:
        statics: dict[int, set[str]] = {}
        declared: dict[int, set[str]] = {}
        # what a caching transform (jit, pmap) makes static: hashed, handed to the body as is
        applied = {(id(o.target), id(o.node)): o.static for o in self.origins if o.transform.caching}
        for origin in self.origins:
            # a parameter is static only if every application of a transform keeps it
            # static: `jax.jit(f)` beside `jax.jit(f, static_argnames="n")` traces n; a vmap
            # passes an in_axes=None argument through as given, so `jax.vmap(f, in_axes=(0,
            # None))` keeps the Python int that the jit of f takes as static; and what a
            # decorator of f makes static stays so under the transforms applied to it
            kept = origin.static | origin.unbatched | _inner_statics(applied, origin)
            found = statics.get(id(origin.target))
            statics[id(origin.target)] = set(kept) if found is None else found & kept
            declared.setdefault(id(origin.target), set()).update(origin.static)
        for target, names in statics.items():
            names &= declared[target]
        undifferentiated: dict[int, frozenset[str]] = {}
        for origin in self.origins:
            if not origin.transform.inherit:
                # outside argnums only if no transform of the function traces the parameter
                before = undifferentiated.get(id(origin.target))
                undifferentiated[id(origin.target)] = origin.undifferentiated \
                    if before is None else before & origin.undifferentiated
        info: TraceInfo | None
        for origin in self.origins:
            info = self.info_for(origin.target)
            info.undifferentiated = set(undifferentiated.get(id(origin.target), ()))
            info.static_params = statics[id(origin.target)]
            info.unbatched_params |= origin.unbatched
            info.statics_unknown |= origin.statics_unknown
            if origin.kwargs_source is not None:
                info.kwargs_sources.append(origin.kwargs_source)
            info.origins.append((origin.transform, origin.node, origin.container))
            if origin.contract is not None:
                info.contract = info.contract or origin.contract
                # an nnx module's call runs inside the trace its merged model began: its
                # arguments and `self` are objects of that trace, as under nnx transforms
                info.stateful |= self._nnx_method(origin.target)
            elif not origin.transform.inherit:
                info.transformed = True
            if origin.transform.inherit:
                continue  # its parameters take the kinds of the leaves it is mapped over
            info.direct = True
            if origin.transform.filtered:
                info.filtered = True
            if origin.transform.name.startswith("flax.nnx."):
                info.stateful = True
            if origin.transform.loop:
                info.loop_body = True
        find_passed_scalars(self.origins, self.index, self.resolver, self.info_for)
        changed = True
        while changed:
            changed = False
            for origin in self.origins:
                t = origin.transform
                outer = self.info.get(id(origin.container)) if origin.container else None
                if t.inherit:
                    if outer is None or outer.via is None:
                        continue  # jax.tree.map in eager code runs the function eagerly
                    changed |= self._merge(origin.target, outer.via, outer.caching_via,
                                           outer.strict_via, None)
                    continue
                caching = t.name if t.caching or t.caches_stable_bodies and _module_function(
                    origin.target) else (outer.caching_via if outer else None)
                strict = t.name if not t.concrete else (outer.strict_via if outer else None)
                if outer is not None and outer.strict_via and t.kind == "call":
                    strict = strict or outer.strict_via
                changed |= self._merge(origin.target, t.name, caching, strict, None)
            for caller, callee, _call in self.edges:
                info = self.info.get(id(caller))
                if info is None or not info.traced:
                    continue
                changed |= self._merge(callee, info.via, info.caching_via, info.strict_via, caller)
            for owner, rule, role in self.rule_edges:
                info = self.info.get(id(owner))
                if info is not None and info.traced and info.caching_via is not None:
                    # only where a caching transform traces the owner: eagerly, a
                    # custom_vjp's rules run on every call
                    changed |= self._merge(rule, info.via, info.caching_via, info.strict_via, owner)
                    if not info.statics_unknown:
                        rule_info = self.info_for(rule)
                        rule_info.custom_rule = True
                        rule_info.custom_rule_static = _rule_static_params(owner, rule, role,
                                                                           info.static_params)

    def is_construction(self, unit: Unit) -> bool:
        """Whether only construction code (a linen ``setup`` and what it calls) traces
        ``unit`` (module/construction.py)."""
        if self._construction is None:
            self._construction = construction_units(
                self.index, self.resolver, self.info, self.origins, self.edges,
                self.seeded_construction)
        return id(unit) in self._construction

    def _merge(self, unit: Unit, via: str | None, caching: str | None, strict: str | None,
               caller: Unit | None) -> bool:
        info = self.info_for(unit)
        changed = False
        if info.via is None and via is not None:
            info.via = via
            info.caller = caller
            changed = True
        if info.caching_via is None and caching is not None:
            info.caching_via = caching
            changed = True
        if info.strict_via is None and strict is not None:
            info.strict_via = strict
            changed = True
        if caller is not None and info.stateful is False:
            caller_info = self.info.get(id(caller))
            if caller_info is not None and caller_info.stateful:
                info.stateful = True
                changed = True
        return changed


CUSTOM_RULE_METHODS = frozenset({"defvjp", "defjvp", "defjvps"})


def _inner_statics(applied: dict[tuple[int, int], frozenset[str]],
                   origin: Origin) -> frozenset[str]:
    """The parameters that a transform decorating ``origin``'s target, applied before
    ``origin``'s, declares static (``@partial(jax.jit, static_argnames=("block_n",))``).
    After the ``def`` the name is the jitted function: ``jax.jit(f, in_shardings=...)``, a
    decorator above it, a vmap or grad of ``f`` all call that inner jit, which hands those
    parameters to the body as the Python values they are (or raises on a tracer)."""
    node = origin.target.node
    decorators = [d.decorator for d in node.decorators] if type(node) is cst.FunctionDef else []
    if not decorators:
        return frozenset()
    position = next((i for i, d in enumerate(decorators) if d is origin.node), -1)
    found: set[str] = set()
    for decorator in decorators[position + 1:]:  # all of them under a call
        found |= applied.get((id(origin.target), id(decorator)), frozenset())
    return frozenset(found)


def _names_class(target: cst.Attribute, index: ModuleIndex) -> bool:
    return type(target.value) is cst.Name and target.value.value in index.class_nodes


def _bound_once(index: ModuleIndex, unit: Unit | None, name: str) -> cst.BaseExpression | None:
    found = single_value(index, unit, name)
    return found[0] if found is not None else None


def _kw(call: cst.Call | None, name: str) -> cst.BaseExpression | None:
    if call is None:
        return None
    arg = keyword_arg(call, name)
    return arg.value if arg is not None else None


def analyze_traced(index: ModuleIndex, resolver: Resolver, extra: dict[str, str],
                   seeds: list | None = None, module: str = "",
                   patterns: tuple[str, ...] = (), nnx_run: str | None = None) -> TracedAnalysis:
    if seeds:
        extra = {**wrapper_transforms(seeds), **extra}  # imported project jit wrappers
    analysis = TracedAnalysis(index, resolver, extra, module, patterns, nnx_run)
    if seeds:
        analysis.rewritten_statics = rewritten_statics(seeds)
    analysis.collect()
    if seeds:
        analysis.seed(seeds)
    analysis.propagate()
    return analysis


def _module_function(unit: Unit) -> bool:
    """A ``def`` at module level: one function object for the life of the program."""
    return unit.parent is None and type(unit.node) is cst.FunctionDef
