"""CallSites: what traced functions pass to the functions they call.

The kinds of the arguments at each call site of a function of this module (so a helper
knows which of its parameters are traced), and the calls to other modules' functions
(the module summary's external calls).
"""

from __future__ import annotations


import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog.transforms import ARGUMENT_PRESERVING_TRANSFORMS
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.module.annotations import declares_instance
from jaxpure.analysis.module.module_params import JAX_NUMPY
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import applied_function, called_model, held_method
from jaxpure.analysis.module.hierarchy import annotated_class, operator_callees, typed_callees
from jaxpure.analysis.module.submodule_calls import model_parts
from jaxpure.analysis.module.summary import LIBRARY_PREFIXES
from jaxpure.analysis.syntax import call_arg, positional_args


from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import Layout
from jaxpure.analysis.flow.layouts import LayoutReader, join as layout_join
from jaxpure.analysis.flow.given import (given_parameters, literal_truths, never_none,
                                         non_integer_arguments, non_integer_parameters,
                                         passed_truths)
from jaxpure.analysis.flow.forwarded_kwargs import forwarded_keywords, record_spread_site
from jaxpure.analysis.flow.flag_paths import flag_pairs, note_call


def _spread_fills(param: Param, spread: int) -> int:
    """What ``**options`` gives a parameter that the call does not name: one without a
    default must come from it, and the callee's own ``**kwargs`` holds the rest; one with a
    default may keep it (``**distortion_params`` holds the coefficients, not
    ``max_iterations=10``), so traced options make it unknown, not traced."""
    if param.star == "**" or param.default is None and not param.star:
        return spread
    return L.UNKNOWN


class CallSites(WalkerBase):
    """Recording call sites."""

    def record_callsite(self, call: cst.Call) -> None:
        ctx = self.ctx
        unit = ctx.frame.unit
        ctx.given.traced_calls.add(id(call))
        callee = ctx.resolver.function(call.func, unit)
        model = None if callee is not None else \
            called_model(ctx.index, ctx.resolver, call, unit) or held_method(ctx.index, call, unit)
        applied = None if callee is not None or model is not None else \
            applied_function(ctx.index, ctx.resolver, call.func, unit)
        if callee is None and model is None and applied is None:
            if self.record_tree_map(call):
                return
            parts = model_parts(ctx.index, ctx.resolver, unit, call) \
                if unit is not None and type(call.func) is not cst.Attribute else []
            for part in parts:
                # `Block(...)(x, y.shape)`, `skip_cls(strides)(x, y.shape)` through a field
                # holding a class: the part's `__call__` gets the arguments after `self`
                self.record_arguments(part, call, 1)
            if parts:
                return
            for method in typed_callees(ctx.index, ctx.resolver, unit, call):
                # `blt.inverse(skip_checks=True)` on `blt: Toeplitz`: the class's method
                # (or an override) gets the arguments after `self`
                self.record_arguments(method, call, 1)
            wrapped = self.transformed_callee(call)
            if wrapped is not None:
                # `jax.vmap(self.distance, in_axes=(0, None))(x, n)`: a bound method's
                # arguments fill the parameters after `self`
                inner = self.transform_call(call)
                function = call_arg(inner, 0, "fun") if inner is not None else None
                bound = wrapped.parent_is_class and not wrapped.is_staticmethod \
                    and type(function) is cst.Attribute
                self.record_arguments(wrapped, call, 1 if bound else 0)
                return
            self.record_external_call(call)
            self.record_receiver_call(call)
            self.record_layout_call(call)
            return
        if applied is not None:
            # `model.apply(variables, x)`: variables in place of self; `net.apply(params,
            # rng, x)`: forward gets what follows params and rng
            callee, shift = applied
        else:
            callee = callee or model
            if callee is None:
                return  # not reached: with neither, `applied` is known
            # `obj.method(x)` and `model(x)` fill the parameters after `self`
            shift = 1 if callee.parent_is_class and not callee.is_staticmethod and (
                type(call.func) is cst.Attribute or model is not None) else 0
        self.record_arguments(callee, call, shift)

    def record_operator(self, node: cst.CSTNode) -> None:
        """``b1 & b2`` in a traced function, where it runs a project class's ``__and__``
        (module/operators.py): the method gets ``b2``'s kind, as ``b1.__and__(b2)`` gives."""
        ctx = self.ctx
        found = ctx.index.operator_calls.get(id(node))
        if found is None:
            return
        unit, call = found
        for method in operator_callees(ctx.index, ctx.resolver, unit, call):
            self.record_arguments(method, call, 1)

    def transformed_callee(self, call: cst.Call) -> Unit | None:
        """``jax.vmap(f, in_axes=...)(a, b)``: f, which gets the arguments as they are (an
        ``in_axes=None`` argument passes through unbatched; mapped ones are traced anyway).
        So through a local bound to ``f`` on one path and to ``jax.vmap(f, ...)`` on
        another: either way ``f`` gets them as they are."""
        inner = self.transform_call(call)
        if inner is None:
            return self.alternative_callee(call.func)
        function = call_arg(inner, 0, "fun")
        return self.ctx.resolver.function(function, self.ctx.frame.unit) \
            if function is not None else None

    def transform_call(self, call: cst.Call) -> cst.Call | None:
        """The ``jax.vmap(f, ...)`` that ``call`` calls: inline, or through a local bound
        to it once (``vmapped_fn = jax.vmap(f, ...)`` then ``vmapped_fn(a, b)``)."""
        inner: cst.BaseExpression | None = call.func
        if type(inner) is cst.Name:
            found = single_value(self.ctx.index, self.ctx.frame.unit, inner.value)
            inner = found[0] if found is not None else None
        if not type(inner) is cst.Call or call_arg(inner, 0, "fun") is None \
                or self.ctx.qualname(inner.func) not in ARGUMENT_PRESERVING_TRANSFORMS:
            return None
        return inner

    def alternative_callee(self, func: cst.BaseExpression) -> Unit | None:
        """``f = pad; if batched: f = jax.vmap(pad, in_axes=(0, None))`` then ``f(x, 2)``:
        the one function every binding of the local is, or transforms keeping its
        arguments, each binding a plain value (no parameter, loop target, import)."""
        ctx = self.ctx
        unit = ctx.frame.unit
        if type(func) is not cst.Name or unit is None or func.value in unit.param_names \
                or unit.assigned.get(func.value, 0) < 2:
            return None
        found: set[int] = set()
        callee = None
        for value in ctx.facts.unit_bindings(unit).get(func.value, [None]):
            if type(value) is cst.Call:
                if ctx.qualname(value.func) not in ARGUMENT_PRESERVING_TRANSFORMS:
                    return None
                value = call_arg(value, 0, "fun")
            callee = ctx.resolver.function(value, unit) if value is not None else None
            if callee is None:
                return None
            found.add(id(callee))
        return callee if len(found) == 1 else None

    def record_arguments(self, callee: Unit, call: cst.Call, shift: int) -> None:
        ctx = self.ctx
        kinds = ctx.callsite_kinds.setdefault(id(callee), {})
        positional = [p for p in callee.params if p.index >= 0]
        ctx.given.at_call[(id(call), id(callee))] = given_parameters(
            callee, call, shift, self.never_none)
        truths = literal_truths(callee, call, shift, self.passed_truth)
        if any(a.star == "**" for a in call.args):
            truths.update(ctx.given.forwarded_truths(ctx.traced_analysis, ctx.frame.unit,
                                                     callee, call, shift))
        ctx.given.truths_at_call[(id(call), id(callee))] = truths
        ctx.given.non_integer_at_call[(id(call), id(callee))] = non_integer_parameters(
            callee, call, shift, ctx.qualname)

        self.record_layouts(callee, call, shift)
        # parameters filled with a local traced only where a flag the call passes holds
        # (flow/flag_paths.py); what a call passes otherwise, for a function some call
        # passed one so, ends that
        pairs = flag_pairs(ctx.frame, ctx.index, self.lines, callee, call, shift) \
            if ctx.frame.flag_bindings else {}
        tied = pairs or ctx.flag_kinds_at_calls and id(callee) in ctx.flag_kinds_at_calls

        def record(name: str, kind: int) -> None:
            if tied:
                note_call(ctx.flag_kinds_at_calls, callee, kinds, name, pairs.get(name))
            kinds[name] = L.join(kinds[name], kind) if name in kinds else kind

        position = shift
        named = {arg.keyword.value for arg in call.args if arg.keyword is not None}
        for arg in call.args:
            if arg.keyword is not None:
                record(arg.keyword.value, ctx.kind(arg.value))
                continue
            entries = self.keyword_entries(arg) if arg.star == "**" else None
            if entries is not None:
                # `**common_args` with `common_args = dict(spec=spec, inputs=x)`: each
                # keyword gets its own entry's kind, not the kind of the whole dict (clrs
                # passes its spec strings beside the traced inputs this way)
                for name, value in entries:
                    record(name, ctx.kind(value))
                continue
            if arg.star:
                # *args fills the remaining positional parameters, **kwargs the keywords:
                # their elements are traced when the container holds traced values
                spread = L.TRACED if L.is_traced(ctx.kind(arg.value)) else L.UNKNOWN
                if arg.star == "*":
                    for p in positional[position:]:
                        record(p.name, spread)
                    continue
                record_spread_site(ctx.spread_sites, id(callee), call, spread)
                filled = [p for p in callee.params
                          if (p.index < 0 or p.index >= position) and p.name not in named]
                # `**kwargs` passed on: a keyword its callers name has their kinds
                forwarded = self.forwarded(arg, [p.name for p in filled if not p.star])
                for p in filled:
                    record(p.name, forwarded.get(p.name, _spread_fills(p, spread)))
                continue
            if 0 <= position < len(positional):
                record(positional[position].name, ctx.kind(arg.value))
            position += 1

    def forwarded(self, arg: cst.Arg, wanted: list[str]) -> dict[str, int]:
        ctx = self.ctx
        unit = ctx.frame.unit
        if unit is None:
            return {}
        seeded = unit.parent is None and unit.name in ctx.seeded_kinds
        return forwarded_keywords(unit, ctx.index, ctx.traced_analysis.info.get(id(unit)), seeded,
                                  ctx.callsite_kinds.get(id(unit), {}),
                                  ctx.spread_sites.get(id(unit), []), arg, wanted)

    def record_layouts(self, callee: Unit, call: cst.Call, shift: int) -> None:
        """The layouts of the arguments a call of a function of this module passes, joined
        into those of its other calls (flow/layouts.py): a spread argument (`*args`,
        `**options`) leaves every parameter it may fill without one."""
        ctx = self.ctx
        layouts = ctx.callsite_layouts.setdefault(id(callee), {})
        reader = LayoutReader(ctx, ctx.kind)
        positional = [p.name for p in callee.params if p.index >= 0][shift:]
        filled: list[tuple[str, Layout | None]] = []
        for position, arg in enumerate(call.args):
            if arg.star:
                filled = [(p.name, None) for p in callee.params]
                break
            name = arg.keyword.value if arg.keyword is not None else \
                positional[position] if position < len(positional) else None
            if name is not None:
                filled.append((name, reader.of(arg.value) or None))
        for name, layout in filled:
            layouts[name] = layout_join(layouts[name], layout) if name in layouts else layout

    def record_untraced_call(self, call: cst.Call) -> None:
        """A call in a function not known to be traced: what it passes still shows how the
        project builds the arguments of the functions it calls (flow/layouts.py). In a
        traced function, the call is on a path no trace takes (flow/unreached.py)."""
        ctx = self.ctx
        unit = ctx.frame.unit
        if ctx.frame.traced_unit:
            ctx.given.off_trace_calls.add(id(call))
        if unit is None or not call.args:
            return
        callee = ctx.resolver.function(call.func, unit)
        model = None if callee is not None else called_model(ctx.index, ctx.resolver, call, unit)
        if callee is None and model is None:
            self.record_layout_call(call)
            return
        target = callee or model
        if target is not None:
            self.record_layouts(target, call, 1 if target.parent_is_class and not target.is_staticmethod
                                and (type(call.func) is cst.Attribute or model is not None) else 0)

    def keyword_entries(self, arg: cst.Arg) -> list[tuple[str, cst.BaseExpression]] | None:
        """The (keyword, value) entries of ``**name`` when the walked function binds name
        once, to ``dict(a=x, ...)`` or ``{"a": x, ...}`` with every key written out; None
        when the keywords it holds are not all known."""
        if type(arg.value) is not cst.Name:
            return None
        value = self.single_binding(arg.value.value)
        if type(value) is cst.Call and self.ctx.qualname(value.func) in ("builtins.dict", "dict") \
                and all(a.keyword is not None and not a.star for a in value.args):
            return [(a.keyword.value, a.value) for a in value.args if a.keyword is not None]
        if type(value) is cst.Dict and all(
                type(e) is cst.DictElement and type(e.key) is cst.SimpleString
                for e in value.elements):
            return [(e.key.evaluated_value, e.value) for e in value.elements
                    if type(e) is cst.DictElement and type(e.key) is cst.SimpleString
                    and type(e.key.evaluated_value) is str]
        return None

    def record_tree_map(self, call: cst.Call) -> bool:
        """``jax.tree.map(f, tree, ...)``: f's parameters get the kinds of the leaves."""
        ctx = self.ctx
        qual = ctx.qualname(call.func)
        if qual not in ("jax.tree.map", "jax.tree.map_with_path") or not call.args:
            return False
        callee = ctx.resolver.function(call.args[0].value, ctx.frame.unit)
        if callee is None:
            return True
        kinds = ctx.callsite_kinds.setdefault(id(callee), {})
        positional = [p.name for p in callee.params if p.index >= 0]
        trees = [a.value for a in positional_args(call)[1:]]
        if qual == "jax.tree.map_with_path" and positional:
            if ctx.flag_kinds_at_calls:
                note_call(ctx.flag_kinds_at_calls, callee, kinds, positional[0], None)
            kinds[positional[0]] = L.STATIC  # the key path
            positional = positional[1:]
        for name, tree in zip(positional, trees):
            if ctx.flag_kinds_at_calls:
                note_call(ctx.flag_kinds_at_calls, callee, kinds, name, None)
            leaf = L.TRACED if L.is_traced(ctx.kind(tree)) else L.UNKNOWN
            kinds[name] = L.join(kinds[name], leaf) if name in kinds else leaf
        return True

    def record_external_call(self, call: cst.Call) -> None:
        ctx = self.ctx
        unit = ctx.frame.unit
        qual = ctx.qualname(call.func)
        if unit is None or qual is None or "." not in qual or qual.startswith(LIBRARY_PREFIXES):
            return
        positional: list[int] = []
        keywords: list[tuple[str, int]] = []
        given: list[int | str] = []  # arguments that are not None, by position or keyword
        jnp_args: list[int | str] = []  # arguments that are the jax.numpy module
        forwarded: list[int | str] = []  # the caller's own parameters, bare
        open_ended = False
        for arg in call.args:
            if arg.star:
                open_ended = True  # later positional kinds are unknown
            elif arg.keyword is not None:
                if _own_parameter(unit, arg.value):
                    forwarded.append(arg.keyword.value)
                keywords.append((arg.keyword.value, ctx.kind(arg.value)))
                if self.never_none(arg.value):
                    given.append(arg.keyword.value)
                if ctx.qualname(arg.value) == JAX_NUMPY:
                    jnp_args.append(arg.keyword.value)
            elif not open_ended:
                if self.never_none(arg.value):
                    given.append(len(positional))
                if ctx.qualname(arg.value) == JAX_NUMPY:
                    jnp_args.append(len(positional))
                if _own_parameter(unit, arg.value):
                    forwarded.append(len(positional))
                positional.append(ctx.kind(arg.value))
        ctx.external_calls.append((unit, qual, tuple(positional), tuple(keywords), tuple(given),
                                   tuple(jnp_args), passed_truths(call, self.passed_truth),
                                   non_integer_arguments(call, ctx.qualname), tuple(forwarded)))

    def record_layout_call(self, call: cst.Call) -> None:
        """A call of another module's project function (``blocks.encode(graph)``) or of
        an instance of its class that ``self`` holds (``self._mesh_gnn(graph)``, calling
        ``__call__``): the layouts of its arguments, for the callee (flow/layouts.py)."""
        ctx = self.ctx
        unit = ctx.frame.unit
        if unit is None or not call.args:
            return
        callee = ctx.qualname(call.func)
        bound = False
        if callee is None:
            held = self.held_class(call.func)
            if held is None:
                return
            callee, bound = f"{held}.__call__", True
        if "." not in callee or callee.startswith(LIBRARY_PREFIXES):
            return
        reader = LayoutReader(ctx, ctx.kind)
        found: list[tuple[int | str, Layout | None]] = []
        for position, arg in enumerate(call.args):
            if arg.star:
                return  # the parameters filled are not known: a callee hears nothing
            where: int | str = arg.keyword.value if arg.keyword is not None else position
            found.append((where, reader.of(arg.value) or None))
        ctx.layout_calls.append((unit, callee, bound, tuple(found)))

    def held_class(self, func: cst.BaseExpression) -> str | None:
        """``self._mesh_gnn`` where every store of it in the class builds an instance of
        the same project class of another module: that class's qualified name."""
        ctx = self.ctx
        unit = ctx.frame.unit
        method = unit
        while method is not None and not method.parent_is_class:
            method = method.parent
        if type(func) is not cst.Attribute or type(func.value) is not cst.Name \
                or method is None or method.class_name is None or not method.params \
                or method.params[0].name != func.value.value:
            return None
        stores = ctx.index.self_stores.get((method.class_name, func.attr.value)) or []
        built = {ctx.resolver.qualname(v.func, method) if type(v) is cst.Call else None
                 for v in stores}
        found = built.pop() if len(built) == 1 else None
        return found if found and found.rpartition(".")[2][:1].isupper() else None

    def never_none(self, expr: cst.BaseExpression) -> bool:
        """An argument that is certainly not ``None`` here (flow/given.py): by its form, or
        a parameter of this function that is not (``S=num_samples``)."""
        ctx = self.ctx
        return never_none(expr, ctx.qualname, ctx.given.sure_fields) or type(expr) is cst.Name \
            and ctx.given.never_none_name(
                ctx.traced_analysis, ctx.frame.unit, expr.value,
                lambda a: declares_instance(a, ctx.index, ctx.facts.imported_classes))

    def passed_truth(self, value: cst.BaseExpression) -> bool | None:
        """The truth a flag this function passes on has in every trace (flow/given.py)."""
        ctx = self.ctx
        return ctx.given.passed_truth(ctx.traced_analysis, ctx.frame.unit, value)

    def record_receiver_call(self, call: cst.Call) -> None:
        """``cosmo.cache_set(k, v)`` on a traced parameter ``cosmo`` (not ``self``): a method of
        whatever pytree the caller passed; which class that is, the parameter's annotation
        or the project's classes say (module/summary.py)."""
        ctx = self.ctx
        unit = ctx.frame.unit
        func = call.func
        if unit is None or not type(func) is cst.Attribute or not type(func.value) is cst.Name:
            return
        param = unit.param(func.value.value)
        if param is None or param.star or (unit.parent_is_class and param.index == 0) \
                or not L.is_traced(ctx.kind(func.value)):
            return
        ctx.receiver_calls.append((unit, func.attr.value, self.annotated_class(param.annotation),
                                   passed_truths(call)))

    def annotated_class(self, annotation: cst.BaseExpression | None) -> str:
        """The qualified name of the class an annotation names (``state: AverageState``,
        ``Optional[AverageState]``; module/hierarchy.py), or "" for none."""
        ctx = self.ctx
        found = annotated_class(ctx.resolver, ctx.frame.unit, annotation)
        if found is None and isinstance(annotation, (cst.Name, cst.Attribute)):
            # a library type (`x: jax.Array`): named, so no project class is guessed for it
            return ctx.resolver.qualname(annotation, ctx.frame.unit) or ""
        if found is None or "." in found:
            return found or ""
        module = ctx.traced_analysis.module
        return f"{module}.{found}" if module else ""



def _own_parameter(unit: Unit, value: cst.BaseExpression) -> bool:
    """``repeat`` passed on bare by a function taking ``repeat`` (not ``self``, nor a spread)."""
    param = unit.param(value.value) if type(value) is cst.Name else None
    return param is not None and not param.star \
        and not (unit.parent_is_class and param.index == 0 and not unit.is_staticmethod)
