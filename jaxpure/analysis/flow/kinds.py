"""KindFlow: the kind of every local name along the walk (traced / static / ...).

Parameters take their kinds from the transform and the call sites, assignments from their
values (``infer_kind``), loop targets from their iterables; ``isinstance`` tests narrow
(flow/narrowing.py).
"""

from __future__ import annotations

import functools
import re

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.flow.members import opaque_member
from jaxpure.analysis.flow.layouts import LayoutReader, access_path, layout_key, parameter_layouts
from jaxpure.analysis.catalog.dtypes import DTYPE_SCALARS
from jaxpure.analysis.module.annotations import container_annotation, python_value_annotation
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.container_arguments import passed_containers
from jaxpure.analysis.module.submodule_calls import submodule_calls
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS
from jaxpure.analysis.syntax import (
    call_arg, handler_catches, indexed_by_element, statements, target_names, target_paths,
)
from jaxpure.analysis.module.keyparams import int_seed, key_annotation, key_stream, may_be_key
from jaxpure.analysis.module.key_sources import drawn_through_source
from jaxpure.analysis.module.passed_scalars import scalar_literal
from jaxpure.analysis.module.traced import TraceInfo


from jaxpure.analysis.syntax import ends_by_leaving
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import Frame, Layout
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.domain import from_param
from jaxpure.analysis.flow.carried import carried_element, initial_value
from jaxpure.analysis.module.trace_order import is_fori_body
from jaxpure.analysis.flow.flag_paths import off_flag_kinds
from jaxpure.analysis.module.contracts import (
    STATIC_ARGUMENT_METHODS, contract_flag, container_parameters, field_override_parameters,
    enum_option, is_model_method,
    shape_parameters,
)


class KindFlow(WalkerBase):
    """Binding names to kinds (and, for keys, handing over to KeyFlow)."""

    def complete_closures(self, frame: Frame) -> None:
        """A closure reads its free names when it is called, so a name its enclosing function
        binds only after the ``def`` (``def callback(x): ... k``, then ``k = 7`` and
        ``jax.jit(callback)(x)``) has the kind the function left it with; names bound
        before the ``def`` keep the kind they had there."""
        for env in frame.made_closures:
            for name, kind in frame.env.items():
                env.setdefault(name, kind)

    def bind_params(self, unit: Unit, info: TraceInfo | None, frame: Frame) -> None:
        callsite = self.ctx.callsite_kinds.get(id(unit), {})
        seeded = self.ctx.seeded_kinds.get(unit.name) if unit.parent is None else None
        if seeded:
            callsite = {**seeded, **{k: L.join(v, seeded[k]) if k in seeded else v
                                     for k, v in callsite.items()}}
        for p in unit.params:
            kind: int = L.UNKNOWN
            if unit.parent_is_class and p.index == 0 and not unit.is_staticmethod:
                # an instance is a Python object, unless a traced caller passed it in
                kind = L.TRACED if info is not None and info.traced_self else L.STATIC
            elif _REF_NAME.search(p.name):
                # Pallas kernels and jax.new_ref code name their mutable refs `x_ref`;
                # `x_ref[...] = v` is their supported, legal write
                kind = L.REF
            elif info is not None and info.traced:
                kind = self.param_kind(unit, info, p, callsite)
            frame.env[p.name] = kind
            layout = self.param_layout(unit, info, p.name) if kind != L.STATIC else None
            if layout:
                frame.layouts[p.name] = layout
            if int_seed(p.default, p.annotation):
                continue
            if (p.name in frame.random_names and R.key_like_name(p.name)
                    or p.name in self.ctx.facts.key_params.drawn_names(unit)
                    or R.unambiguous_key_name(p.name) and may_be_key(p.annotation)
                    or key_annotation(p.annotation) and not key_stream(unit, p.name)) \
                    and not drawn_through_source(self.ctx.resolver, self.ctx.index, unit, p.name):
                # `rng.split()` of a project's key holder (key_sources.py): an instance
                # handing out keys, which handing on or drawing through uses no key up
                frame.keys[p.name] = KeyState(from_param=True)
        tied = self.ctx.flag_kinds_at_calls and self.ctx.flag_kinds_at_calls.get(id(unit))
        if tied and info is not None and info.traced:
            # parameters whose kind where a flag parameter is false its calls give
            def passed_on(name: str) -> bool:
                return name in callsite and frame.env.get(name) == callsite[name] \
                    and name not in info.static_params and name not in info.unbatched_params
            frame.off_flag = off_flag_kinds(self.ctx.index, unit, info, tied, frame.env,
                                            bool(seeded), passed_on)

    def _static_by_use(self, unit: Unit, info: TraceInfo, p: Param, callsite: dict[str, int]) -> bool:
        """A model method's parameter it uses so that its users can only pass it static:
        `features` it builds a shape from, `seqhw or self.seqhw` (a field's per-call
        override; contracts.py). Under a visible jit of the model's apply too, when no
        jitted call passes it (a `partial` binds it, or the default stands)."""
        by_contract = info.contract is not None and not info.transformed
        applied = info.transformed and p.name not in callsite \
            and is_model_method(self.ctx.index, self.ctx.resolver, unit)
        return info.direct and (by_contract or applied) \
            and (p.name in shape_parameters(self.ctx.resolver, unit)
                 or p.name in field_override_parameters(self.ctx.index, unit))

    def _filled_static(self, unit: Unit, name: str, callsite: dict[str, int]) -> bool:
        """A submodule's parameter that every call of it the module shows, and there is one
        (its parents' ``Block(...)(x, y.shape)``, module/submodule_calls.py), fills with a
        Python value: the project's own models fill it, in their trace, and whoever applies
        them jits those, not the part; a user taking the part for a model would have to
        pass what its parents pass. One a call passes a tracer, or a value not known, for
        stays traced, as the contract presumes; so does one a call leaves None (an input
        the parent goes without, which a user of the part may give as an array)."""
        if callsite.get(name) != L.STATIC:
            return False
        calls = submodule_calls(self.ctx.index).get(id(unit), ())
        given = self.ctx.given.at_call
        return bool(calls) and all(name in given.get((id(call), id(unit)), ())
                                   for _caller, call in calls)

    def param_kind(self, unit: Unit, info: TraceInfo, p: Param, callsite: dict[str, int]) -> int:
        name = p.name
        if name in info.static_params:
            return L.STATIC
        spread = self.spread_kind(info, p)
        if spread is not None:
            return spread
        if info.statics_unknown:
            return L.UNKNOWN  # static_argnums given as a variable: any parameter may be static
        if name in info.unbatched_params and (info.caching_via is None
                                              or callsite.get(name) == L.STATIC):
            # vmap passes an in_axes=None argument through; under jit it stays what the
            # caller gives (a static argument of the jitted caller stays a Python value)
            return L.STATIC
        if name in info.unbatched_params and name not in callsite and p.default is None \
                and self._passed_through(unit, name):
            # no traced call of the module passes it (nor may leave it to a default), and no
            # transform applied to the function makes a tracer of it: a jit reaching it from
            # another module (a loss calling `sim._run(x, setup)` on a `Simulator`
            # parameter, closing over the setup) says nothing of what it is
            return L.UNKNOWN
        if name in info.undifferentiated:
            # `jax.grad(f)(x, 3)`: only the argnums are traced; the rest is what callers give,
            # not known when no traced caller gives it (a test's `params = Params(bits=8)`
            # handed to `jax.grad(loss, argnums=0)(x, params=params)` is that object)
            return callsite.get(name, L.UNKNOWN)
        if info.direct and p.index == -1 and not p.star and p.default is not None \
                and info.origins and all(t.kind == "call" for t, _, _ in info.origins):
            return L.STATIC  # lax.cond/scan fill positional parameters only: a default stays
        if info.direct and info.contract is not None and not info.transformed and (
                unit.name in STATIC_ARGUMENT_METHODS or contract_flag(p)
                or name in container_parameters(unit)
                or name in passed_containers(self.ctx.index, unit)
                or enum_option(self.ctx.index, self.ctx.resolver, p)
                or self._filled_static(unit, name, callsite)) \
                or self._static_by_use(unit, info, p, callsite):
            # `train: bool = False` of a model method: an option, as is an enum member;
            # `feat_cache=[...]`: a Python container (contracts.py)
            return L.STATIC
        if info.direct and (python_value_annotation(p.annotation) or (
                type(p.default) is cst.Attribute and self.ctx.qualname(p.default) in DTYPE_SCALARS)):
            # `axis_name: str | None = None`, `dtype: jnp.dtype`, `dtype=jnp.float32`: no
            # string and no dtype is a tracer
            return L.STATIC
        if info.direct:
            annotated = p.annotation is not None and A.annotation_is_array(p.annotation)
            if info.filtered:
                # eqx.filter_jit keeps Python scalars static: `throw: bool = True` is one
                python_scalar = type(p.annotation) is cst.Name and \
                    p.annotation.value in A.PYTHON_SCALAR_ANNOTATIONS
                return L.STATIC if python_scalar else L.TRACED_ARRAY if annotated else L.UNKNOWN
            if info.loop_body and p.index == 0 and is_fori_body(info):
                return L.TRACED_ARRAY
            if name in info.passed_scalars:
                return L.TRACED_ARRAY  # a caller passes a Python scalar: a 0-d array in the trace
            if p.default is None and A.FLAG_NAME.match(name):
                return L.TRACED_ARRAY  # a required `done`/`is_training` is a traced boolean
            if scalar_literal(p.default) and name not in callsite \
                    and (p.annotation is None or _private(unit)):
                # `cut_frac=0.25` that no call in the module passes: the transform never
                # sees it, the function's own default fills it in as a Python float. An
                # annotated one (`training: bool = False`) of a public function is an
                # option its users pass, and a passed Python scalar is traced: that stays a
                # finding; a private function's callers are the module's
                return L.STATIC
            if container_annotation(p.annotation, self.ctx.index):
                # `cache: Cache | None` with `Cache = dict[str, LayerCache]`: a dict of
                # tracers, not an array (its entries are written as a dict's)
                return L.TRACED_CONTAINER
            return L.TRACED_ARRAY if annotated else L.TRACED
        if name in callsite:
            return callsite[name]
        if p.default is not None:
            return L.STATIC
        if info.custom_rule:
            # residuals, cotangents, primals: what JAX hands the rule, but nondiff_argnums
            return L.STATIC if name in info.custom_rule_static else L.TRACED
        return L.UNKNOWN

    def _passed_through(self, unit: Unit, name: str) -> bool:
        """Every transform applied to ``unit`` itself hands ``name`` on as given: a vmap's
        ``in_axes=None`` place or a static argument (``jax.jit(f)`` beside ``jax.vmap(f,
        in_axes=(0, None))`` traces it). pmap's ``in_axes=None`` is no such place: it
        broadcasts the argument to every device, which makes a tracer of it."""
        return all((name in origin.unbatched and origin.transform.name != "jax.pmap")
                   or name in origin.static
                   for origin in self.ctx.traced_analysis.origins if origin.target is unit)

    def spread_kind(self, info: TraceInfo, p: Param) -> int | None:
        """A parameter ``partial(f, **kwargs)`` fills from the applying function's own
        ``**kwargs``: what that function's callers pass by that keyword (None when none
        does: the parameter is the primitive's, or keeps its default). A keyword-only one
        (``def impl(*flat, n)``), which the transform's positional operands never fill,
        holds what the partial binds: no tracer of this transform, and none at all when
        every applying function runs outside any trace (quadax's batching rule
        ``jax.vmap(partial(_impl, **params), in_axes=dims)(*args)``, whose params JAX
        passes as Python values)."""
        name = p.name
        found: int | None = None
        for source in info.kwargs_sources:
            own = source.param(name)
            kind = self.ctx.callsite_kinds.get(id(source), {}).get(name) \
                if own is None or own.star else None
            if kind is not None:
                found = kind if found is None else L.join(found, kind)
        if found is None and p.index == -1 and not p.star and info.kwargs_sources \
                and not any(map(self.ctx.traced_analysis.is_traced, info.kwargs_sources)):
            return L.STATIC
        return found

    def concrete_after_guard(self, node: cst.Try | cst.TryStar) -> None:
        """``try: v = np.asarray(v) except TypeError: return``: past the ``try``, the
        conversion worked, so ``v`` is a concrete NumPy value (a tracer never gets here)."""
        guard = any(ends_by_leaving(h.body) and handler_catches(h, A.CONCRETIZATION_ERRORS)
                    for h in node.handlers)
        if not guard:
            return
        env = self.ctx.frame.env
        for statement in statements(node.body):
            for small in statement.body if type(statement) is cst.SimpleStatementLine else ():
                if type(small) is cst.Assign and len(small.targets) == 1 \
                        and type(small.targets[0].target) is cst.Name \
                        and type(small.value) is cst.Call:
                    qual = self.ctx.qualname(small.value.func) or ""
                    if qual.startswith("numpy."):
                        env[small.targets[0].target.value] = L.NUMPY
                    elif qual in ("builtins.int", "builtins.float", "builtins.bool"):
                        env[small.targets[0].target.value] = L.STATIC

    def asserts_concrete(self, statement: cst.CSTNode) -> bool:
        """``concrete_or_error(None, x, msg)`` on a traced ``x``: it raises for a tracer, so
        the trace never gets past it; what follows runs only on a concrete ``x``."""
        for small in statement.body if type(statement) is cst.SimpleStatementLine else ():
            value = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
            if type(value) is not cst.Call:
                continue
            position = A.CONCRETENESS_ASSERTIONS.get(self.ctx.qualname(value.func) or "")
            checked = call_arg(value, position, "val") if position is not None else None
            if checked is not None and L.is_traced(self.ctx.kind(checked)):
                return True
        return False

    def bind_layout(self, name: str, value: cst.BaseExpression | None) -> None:
        """``mesh = graph._replace(nodes=...)``: the local's parts, as far as the walk shows
        them (flow/layouts.py), traced function or not: what a call passes counts."""
        frame = self.ctx.frame
        layout = LayoutReader(self.ctx, self.ctx.kind).of(value) if value is not None else None
        if layout:
            frame.layouts[name] = layout
        else:
            frame.layouts.pop(name, None)

    def param_layout(self, unit: Unit, info: TraceInfo | None, name: str) -> Layout | None:
        """A parameter's layout from every call that fills it, in this module and in
        others; none under a transform applied to the function itself, which traces every
        leaf of its arguments (a contract's presumed users aside: the calls shown stand)."""
        if info is None or not info.traced or info.direct and (info.contract is None
                                                                or info.transformed):
            return None
        sources = [self.ctx.callsite_layouts.get(id(unit), {}),
                   self.ctx.seeded_layouts.get(layout_key(unit), {})]
        return parameter_layouts(sources, name)

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        ctx = self.ctx
        self.ctx.kind_cache.clear()
        frame = ctx.frame
        if isinstance(target, (cst.Attribute, cst.Subscript)):
            self.bind_path(target, value is not None and self.produces_key(value))
            found = access_path(target)
            if found is not None:
                frame.layouts.pop(found[0], None)  # `graph.nodes["a"] = ...`: parts changed
            return
        if type(target) is cst.Name:
            name = target.value
            self.bind_layout(name, value)
            if ctx.loops:
                ctx.loops[-1].seen.add(name)
            copies = self.record_copies(value)  # before `meta = meta.replace(...)` forgets them
            self.forget_key_paths(name)  # `rngs = ...` replaces rngs["dropout"] too
            frame.env[name] = ctx.kind(value) if value is not None else L.UNKNOWN
            bound = self.sampler_key(value) if value is not None else None
            if bound is not None:
                frame.bound_keys[name] = bound
            else:
                frame.bound_keys.pop(name, None)
            if _REF_NAME.search(name) and frame.env[name] != L.TRACED_ARRAY:
                frame.env[name] = L.REF  # `lse_ref = residual_refs[0]`: still a ref
            key = self.key_from(name, value)
            if key is not None:
                frame.keys[name] = key
            else:
                frame.keys.pop(name, None)
            if type(value) is cst.Dict:
                self.bind_key_entries(name, value)
            elif copies:
                self.bind_record_fields(name, copies)
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            for name in target_names(target):
                frame.layouts.pop(name, None)
            if ctx.loops:
                ctx.loops[-1].seen.update(target_names(target))
            elements = target.elements
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) and \
                len(value.elements) == len(elements) else None
            if values is not None:
                for element, item in zip(elements, values):
                    self.bind(element.value, item.value)
                return
            whole = ctx.kind(value) if value is not None else L.UNKNOWN
            element_kind: int = L.TRACED if L.is_traced(whole) else (
                L.STATIC if whole == L.STATIC else L.UNKNOWN)
            carried = carry_element_kinds(ctx, value, len(elements))
            qual = ctx.qualname(value.func) if type(value) is cst.Call else None
            if whole != L.STATIC and qual in A.ARRAY_SEQUENCE_FUNCTIONS:
                # `q, k, v = jnp.split(qkv, 3)`: each one an array
                element_kind = L.TRACED_ARRAY if L.is_traced(whole) else L.ARRAY
            static_at = 1 if qual in A.TREE_FLATTENERS and len(elements) == 2 else None
            producer = value is not None and self.produces_key(value)
            passed_back = self.keys_passed_back(value, len(elements))
            for index, element in enumerate(elements):
                if isinstance(element.value, (cst.Attribute, cst.Subscript)):
                    # `self.key, sub = split(self.key)`: the attribute holds a new key
                    self.bind_path(element.value, producer)
                    continue
                for path in target_paths(element.value):
                    # `(a, (self.rng, obs)) = act(self.rng, obs)`: an attribute bound in a
                    # nested tuple holds what the call handed back, like a flat one
                    self.bind_key_path(path, False)
                for name in target_names(element.value):
                    # `leaves, treedef = tree_flatten(x)`: the treedef is static structure
                    frame.env[name] = L.STATIC if index == static_at else element_kind
                    carried_kind = carried[index] if carried is not None else None
                    if carried_kind is not None and type(element.value) is cst.Name:
                        frame.env[name] = carried_kind  # `rewards, pos = carry`: arrays
                    if index in passed_back:
                        # `key, x = perturb(key, x)` where perturb returns its key as given:
                        # the same key, in the state the call left it
                        state = ctx.key_state(passed_back[index])
                        if state is not None:
                            frame.keys[name] = state
                            continue
                    self.forget_key_paths(name)  # `key, *subkeys = split(key, 3)`: new entries
                    if producer or self.key_from(name, None) is not None \
                            or carried_element(frame, value, index, len(elements)):
                        frame.keys[name] = KeyState(
                            from_param=not producer and from_param(value, frame))
                    else:
                        frame.keys.pop(name, None)
            return
        if type(target) is cst.StarredElement:
            self.bind(target.value, None)

    def bind_iteration(self, target: cst.BaseExpression, iterable: cst.BaseExpression,
                       scope: cst.CSTNode | None = None) -> None:
        """Bind the loop targets of ``for target in iterable`` (``scope``: the loop's body,
        or the comprehension, where the targets are read)."""
        ctx = self.ctx
        self.ctx.kind_cache.clear()
        frame = ctx.frame
        kind = ctx.kind(iterable)
        qual = ctx.qualname(iterable.func) if type(iterable) is cst.Call else None
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(iterable, (cst.List, cst.Tuple)) \
                and iterable.elements and all(
                    isinstance(e.value, (cst.Tuple, cst.List))
                    and len(e.value.elements) == len(target.elements)
                    and not any(type(i) is cst.StarredElement for i in e.value.elements)
                    for e in iterable.elements):
            # `for row, c0 in [(0, d[0]), (n - 1, d[-1])]`: each target takes its own column
            for position, element in enumerate(target.elements):
                column = [row.value.elements[position].value
                          for row in iterable.elements if isinstance(row.value, (cst.Tuple, cst.List))]
                kind = functools.reduce(L.join, [ctx.kind(v) for v in column])
                for name in target_names(element.value):
                    frame.env[name] = kind
                    frame.keys.pop(name, None)
            return
        if qual == "builtins.zip" and type(iterable) is cst.Call and isinstance(target, (cst.Tuple, cst.List)) \
                and len(target.elements) == len(iterable.args) \
                and not any(a.star or a.keyword for a in iterable.args):
            # `for k, (name, p) in zip(keys, d.items())`: each target from its own iterable
            for element, arg in zip(target.elements, iterable.args):
                self.bind_iteration(element.value, arg.value)
            return
        # `for t in x.irreps`: aux data of a class not shown here as likely as leaves or
        # subtrees, so elements of unknown kind (flow/members.py)
        opaque = L.is_traced(kind) and opaque_member(ctx, iterable, ctx.kind)
        if qual == "builtins.range":
            element_kind = L.STATIC
        elif qual in A.ARRAY_SEQUENCE_FUNCTIONS and kind != L.STATIC:
            element_kind = L.TRACED_ARRAY if L.is_traced(kind) else L.ARRAY  # `for part in jnp.split(x, 3)`
        elif opaque:
            element_kind = L.UNKNOWN
        elif L.is_traced(kind) and kind != L.TRACED_ARRAY and scope is not None \
                and type(target) is cst.Name and indexed_by_element(iterable, target.value, scope):
            element_kind = L.STATIC  # `for k in d: d[k]`: a mapping's keys, its structure
        elif L.is_traced(kind):
            element_kind = L.TRACED_ARRAY if kind == L.TRACED_ARRAY else L.TRACED
        elif kind == L.STATIC:
            element_kind = L.STATIC
        else:
            element_kind = L.UNKNOWN
        names = target_names(target)
        for name in names:
            frame.layouts.pop(name, None)
        view = _dict_view(ctx, iterable)
        if qual == "builtins.enumerate" and type(target) is cst.Tuple \
                and len(target.elements) == 2:
            for name in target_names(target.elements[0].value):
                frame.env[name] = L.STATIC
            for name in target_names(target.elements[1].value):
                frame.env[name] = L.TRACED if L.is_traced(kind) and not opaque else L.UNKNOWN
        elif view is not None and view[0] == "keys":
            # a dict's keys are part of its pytree structure: Python values under a trace
            for name in names:
                frame.env[name] = L.STATIC
        elif view is not None and view[0] == "items" and isinstance(target, (cst.Tuple, cst.List)) \
                and len(target.elements) == 2:
            # `for (k, sectors), w in d.items()`: the key part static, the value part as d
            receiver = ctx.kind(view[1])
            for name in target_names(target.elements[0].value):
                frame.env[name] = L.STATIC
            for name in target_names(target.elements[1].value):
                frame.env[name] = L.TRACED if L.is_traced(receiver) else L.UNKNOWN
        else:
            for name in names:
                frame.env[name] = element_kind
        iter_keys = type(iterable) is cst.Name and ctx.is_key(iterable.value) or \
            self.produces_key(iterable)
        for name in target_names(target):
            if iter_keys:
                frame.keys[name] = KeyState()
            else:
                frame.keys.pop(name, None)


def carry_element_kinds(ctx: Context, value: cst.BaseExpression | None,
                        count: int) -> list[int | None] | None:
    """``rewards, positions = carry`` in a ``lax`` loop body (or ``a, b = x`` of a scan's
    ``xs``): lax makes every leaf of a carry an array, so an element whose initial value is
    visibly an array or a Python number (``(jnp.zeros(n), 0.0)``) is a traced array in the
    body; None for the elements the initial value does not show."""
    unit, info = ctx.frame.unit, ctx.frame.info
    if type(value) is not cst.Name or unit is None or info is None or not info.loop_body:
        return None
    found = initial_value(ctx, unit, info, value.value)
    if found is None:
        return None
    initial, container = found
    call = next(node for t, node, _ in info.origins
                if t.name in CARRY_LOOPS and type(node) is cst.Call)
    if not isinstance(initial, (cst.Tuple, cst.List)) or len(initial.elements) != count:
        return None
    return [L.TRACED_ARRAY if _array_by_construction(ctx, e.value, container)
            or _bound_to_arrays(ctx, e.value, container, call) else None
            for e in initial.elements]


def _bound_to_arrays(ctx: Context, expr: cst.BaseExpression, where: Unit | None,
                     loop: cst.Call) -> bool:
    """``rewards = jnp.zeros(n)`` then ``..., rewards, ... = fori_loop(..., (.., rewards,
    ..))``: every assignment of the name in the function that runs the loop stores an
    array, or the loop's own results (arrays too)."""
    if type(expr) is not cst.Name or where is None or type(where.node) is not cst.FunctionDef \
            or expr.value in where.param_names:
        return False
    name, seen = expr.value, 0
    for line in statements(where.node.body):
        for small in line.body if type(line) is cst.SimpleStatementLine else ():
            if type(small) is cst.Assign and any(
                    name in target_names(t.target) for t in small.targets):
                if small.value is not loop and not _array_by_construction(
                        ctx, small.value, where, False):
                    return False
                seen += 1
    return seen > 0 and seen == where.assigned.get(name)


def _array_by_construction(ctx: Context, expr: cst.BaseExpression, where: Unit | None,
                           follow: bool = True) -> bool:
    """A Python number or a jnp call, or a name bound once to one (``rewards = zeros(n)``)."""
    if type(expr) is cst.Name and follow:
        found = single_value(ctx.index, where, expr.value)
        return found is not None and _array_by_construction(ctx, found[0], found[1], False)
    if type(expr) is cst.UnaryOperation and type(expr.operator) is cst.Minus:
        expr = expr.expression
    if type(expr) in (cst.Integer, cst.Float):
        return True
    if type(expr) is cst.Call:
        qual = ctx.resolver.qualname(expr.func, where) or ""
        return qual in A.JAX_ARRAY_CREATORS or qual.startswith("jax.numpy.") \
            and qual not in A.STATIC_CALLS and qual not in A.ARRAY_LIST_FUNCTIONS \
            and qual not in A.ARRAY_SEQUENCE_FUNCTIONS
    return False


_REF_NAME = re.compile(r"(?:^|_)refs?(?:$|_)")


ORDER_PRESERVING_WRAPPERS = frozenset({"builtins.sorted", "builtins.list", "builtins.tuple",
                                       "builtins.reversed"})


def _dict_view(ctx: Context, iterable: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
    """``d.keys()`` / ``d.items()``, also inside ``sorted(...)``/``list(...)``: the view's name
    and the dict."""
    while type(iterable) is cst.Call and len(iterable.args) == 1 \
            and not iterable.args[0].keyword and not iterable.args[0].star \
            and ctx.qualname(iterable.func) in ORDER_PRESERVING_WRAPPERS:
        iterable = iterable.args[0].value
    if type(iterable) is cst.Call and not iterable.args and type(iterable.func) is cst.Attribute \
            and iterable.func.attr.value in ("keys", "items"):
        return iterable.func.attr.value, iterable.func.value
    return None


def _private(unit: Unit) -> bool:
    """``_condition_on``: a function named private, called from its own module only."""
    return unit.name.startswith("_") and not unit.name.endswith("__")
