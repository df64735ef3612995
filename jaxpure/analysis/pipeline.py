"""analyze(): build the module facts, run the walk once, give the rules their context."""

from __future__ import annotations


from collections.abc import Iterable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.index import ModuleIndex, Unit, build_index
from jaxpure.analysis.module.resolve import Resolver, seeded_unit
from jaxpure.analysis.module.traced import analyze_traced
from jaxpure.analysis.module.nnx_runs import local_nnx_run


from jaxpure.analysis.flow.domain import Handler
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.walker import Walker
from jaxpure.analysis.module.aux_decorator_index import AUX_DECORATORS, AuxDecorator
from jaxpure.analysis.module.entry_facts import ENTRY_ASK, ENTRY_USE
from jaxpure.analysis.module.gate_index import (
    CLOSURE_KEYS, HANDED_KEYS, KEY_GATES, SCAN_WRAPPERS, SHAPE_ASK, SHAPE_PARAMETERS,
    STATIC_RETURNS, UNDRAWN_KEYS,
    ImportedHandoff,
    gate_from_keywords,
)
from jaxpure.analysis.module.summary import CLASS_FACTS, FIELD_NAMES, LAYOUTS, NNX_RUNS, TRACER_TESTS, Seed
from jaxpure.analysis.module.field_index import FIELD_FACTORIES
from jaxpure.analysis.module.key_source_index import KEY_SOURCES
from jaxpure.analysis.module.split_return_index import SPLIT_RETURNS, paths_from_text
from jaxpure.analysis.module.looped_calls import LOOPED_SELF_CALL
from jaxpure.analysis.flow.domain import Layout
from jaxpure.analysis.flow.layouts import join as layout_join


def analyze(
    module: cst.Module,
    handlers: dict[type, list[Handler]],
    *,
    package: str | None = None,
    transforms: dict[str, str] | None = None,
    static_helpers: frozenset[str] = frozenset(),
    seeds: list | None = None,
    module_name: str = "",
    traced: tuple[str, ...] = (),
    named_exprs: bool = True,
    unimported: bool = False,
    test_file: bool = False,
) -> Context:
    """``module_name``: the dotted module name; ``traced``: the configured patterns of functions
    traced by contract (module/contracts.py); ``named_exprs`` False: the source has no ``:=``
    (the walks for bindings then skip expressions); ``unimported``: nothing imports the
    module (a notebook); ``test_file``: the project's test-file profile names the file (its
    helpers are test code, module/test_code.py)."""
    index = build_index(module, package)
    index.named_exprs = named_exprs
    index.unimported = unimported
    index.test_file = test_file
    # the aux-field decorators of other modules (module/aux_decorators.py)
    index.aux_decorators = {seed.origin: facts for seed in seeds or ()
                            if seed.via == AUX_DECORATORS
                            for facts in [AuxDecorator.decode(seed.keywords)] if facts is not None}
    class_facts = [seed for seed in seeds or () if seed.via == CLASS_FACTS]
    # where the project runs the nnx models this module can name traced (module/nnx_runs.py)
    nnx_run = min((seed.origin for seed in seeds or () if seed.via == NNX_RUNS), default=None)
    layout_seeds = [seed for seed in seeds or () if seed.via == LAYOUTS]
    field_names = frozenset(name for seed in seeds or () if seed.via == FIELD_NAMES
                            for name, _kind in seed.keywords)
    # fields other modules' classes type as no None: of the classes this module imports,
    # and of those it reads fields of on values of no known class (flow/given.py)
    sure_fields = frozenset(str(name) for seed in seeds or ()
                            if seed.via in (FIELD_NAMES, CLASS_FACTS) for name in seed.given)
    entry_seeds = [seed for seed in seeds or () if seed.via in (ENTRY_ASK, ENTRY_USE)]
    key_gates = {seed.function: gate for seed in seeds or () if seed.via == KEY_GATES
                 for gate in [gate_from_keywords(seed.keywords)] if gate is not None}
    scans = frozenset(seed.function for seed in seeds or () if seed.via == SCAN_WRAPPERS)
    handed: dict[str, tuple[ImportedHandoff, ...]] = {}
    # other modules' functions using parameters as shapes, which this one hands its own
    shape_parameters: dict[str, tuple[tuple[str, int], ...]] = {}
    shape_asks: set[str] = set()  # and its functions other modules hand their parameters
    for seed in seeds or ():
        if seed.via == SHAPE_PARAMETERS:
            shape_parameters[seed.function] = seed.keywords
        elif seed.via == SHAPE_ASK:
            shape_asks.add(seed.function)
        elif seed.via == HANDED_KEYS and len(seed.keywords) == 3:  # module/handed_keys.py
            (key, key_at), (function, function_at), (keyword, position) = seed.keywords
            handed[seed.function] = handed.get(seed.function, ()) + (
                (key, key_at, function, function_at, keyword, position),)
    tracer_tests = frozenset(seed.function for seed in seeds or () if seed.via == TRACER_TESTS)
    # other modules' functions declaring a static field, which this one imports
    # (module/frozen_fields.py): read with the module's own by module/field_markers.py
    field_factories = frozenset(seed.function for seed in seeds or () if seed.via == FIELD_FACTORIES)
    static_returns = {seed.function: seed.keywords for seed in seeds or ()
                      if seed.via == STATIC_RETURNS}
    # methods of other modules' classes handing out a new key at each call (key_sources.py)
    key_sources = frozenset(method for seed in seeds or () if seed.via == KEY_SOURCES
                            for method, _kind in seed.keywords)
    closure_keys: dict[str, tuple[tuple[str, int], ...]] = {}
    undrawn: dict[str, tuple[tuple[str, int], ...]] = {}
    split_returns: dict[str, tuple[tuple[str, int, tuple[tuple[int, ...], ...]], ...]] = {}
    for seed in seeds or ():
        if seed.via == CLOSURE_KEYS:  # one seed for each undrawn key of a factory's closure
            closure_keys[seed.function] = closure_keys.get(seed.function, ()) + seed.keywords
        elif seed.via == UNDRAWN_KEYS:  # one for each key another module's callee never draws
            undrawn[seed.function] = undrawn.get(seed.function, ()) + seed.keywords
        elif seed.via == SPLIT_RETURNS and len(seed.keywords) == 2:  # module/split_returns.py
            (param, position), (paths, _zero) = seed.keywords
            split_returns[seed.function] = split_returns.get(seed.function, ()) + (
                (param, position, paths_from_text(paths)),)
    looped = {seed.function: seed.origin for seed in seeds or () if seed.via == LOOPED_SELF_CALL}
    seeds = [seed for seed in seeds or () if seed.via not in (
        LOOPED_SELF_CALL, CLASS_FACTS, NNX_RUNS, LAYOUTS, FIELD_NAMES, ENTRY_ASK, ENTRY_USE, KEY_GATES, CLOSURE_KEYS,
        UNDRAWN_KEYS, SPLIT_RETURNS, SCAN_WRAPPERS, HANDED_KEYS, AUX_DECORATORS, FIELD_FACTORIES, TRACER_TESTS,
        STATIC_RETURNS, KEY_SOURCES, SHAPE_PARAMETERS, SHAPE_ASK)]
    # the module's tree gives the order its statements run in; the functions other modules
    # trace may run at any time (module_rebinding.py)
    resolver = Resolver(index, module=module, external=frozenset(
        id(unit) for seed in seeds for unit in [seeded_unit(index, seed.function)]
        if unit is not None))
    resolver.memo["imported_field_factories"] = field_factories
    resolver.memo["imported_key_sources"] = key_sources
    if shape_parameters:
        resolver.memo["imported_shape_parameters"] = shape_parameters
    if shape_asks:
        resolver.memo["asked_shape_parameters"] = frozenset(shape_asks)
    resolver.memo["imported_undrawn_keys"] = undrawn
    if split_returns:
        resolver.memo["imported_split_returns"] = split_returns
    traced_analysis = analyze_traced(index, resolver, transforms or {}, seeds, module_name, traced,
                                     nnx_run)
    if nnx_run is None:  # a module that runs its own merged nnx models, checked alone
        nnx_run = local_nnx_run(index, resolver, traced_analysis)
        if nnx_run is not None:
            traced_analysis = analyze_traced(index, resolver, transforms or {}, seeds,
                                             module_name, traced, nnx_run)
    ctx = Context(module, index, resolver, traced_analysis, static_helpers)
    imported: dict[str, frozenset[str]] = {}
    for seed in class_facts:
        members = frozenset(name for name, kind in seed.keywords
                            if kind == L.STATIC and not name.endswith("__init__"))
        imported[seed.function] = imported.get(seed.function, frozenset()) | members
    ctx.facts.imported_classes = imported
    ctx.facts.imported_container_fields = frozenset(
        name for seed in class_facts for name, kind in seed.keywords if kind == L.TRACED_CONTAINER)
    # a class whose `__init__` is a static member: its instances are Python values
    ctx.facts.imported_static_instances = frozenset(
        seed.function for seed in class_facts if ("__init__", L.STATIC) in seed.keywords)
    ctx.facts.seeds = tuple(seeds)
    ctx.facts.project_static_fields = field_names
    # fields typed as no None, here and where the seeds' declaring modules say (given.py)
    ctx.given.sure_fields = ctx.facts.class_facts.sure_fields | sure_fields
    ctx.facts.imported_key_gates = key_gates
    ctx.facts.imported_closure_keys = closure_keys
    ctx.facts.imported_scan_wrappers = scans
    ctx.facts.imported_handed_keys = handed
    ctx.facts.imported_tracer_tests = tracer_tests
    ctx.facts.imported_static_returns = static_returns
    ctx.facts.imported_looped_calls = looped
    for seed in entry_seeds:  # module/entry_facts.py
        cls, _, method = seed.function.rpartition(".")
        for where, entry, use in seed.entries:
            if seed.via == ENTRY_ASK:
                ctx.facts.entry_asked.add((cls, method, where, entry))
            else:
                ctx.facts.entry_answers[(cls, method, where, entry)] = use
    for seed in layout_seeds:
        _seed_layouts(index, seed, ctx.seeded_layouts)
    for seed in seeds:
        ctx.seeded_kinds[seed.function] = _seed_kinds(index, seed, ctx.seeded_kinds.get(seed.function))
        given = _seed_given(index, seed)
        known = ctx.given.seeded.get(seed.function)
        ctx.given.seeded[seed.function] = given if known is None else known & given
        floats = _seed_non_integer(index, seed)
        known = ctx.given.seeded_non_integer.get(seed.function)
        ctx.given.seeded_non_integer[seed.function] = floats if known is None else known & floats
        truths = _seed_truths(index, seed)
        known_truths = ctx.given.seeded_truths.get(seed.function)
        ctx.given.seeded_truths[seed.function] = truths if known_truths is None else {
            name: truth for name, truth in truths.items() if known_truths.get(name) == truth}
    Walker(ctx, handlers).run()
    return ctx


def _seed_layouts(index: ModuleIndex, seed: Seed,
                  known: dict[str, dict[str, Layout | None]]) -> None:
    """Join the layouts one call of another module gives a function's parameters into
    what the module's other calls gave (flow/layouts.py)."""
    function, _, method = seed.function.partition(".")
    unit = index.defs.get(function) if not method else index.classes.get(function, {}).get(method)
    if unit is None:
        return
    names = _parameters_at(unit, [where for where, _items in seed.layouts],
                           bound=seed.bound and unit.parent_is_class and not unit.is_staticmethod)
    layouts = known.setdefault(seed.function, {})
    for name, (_where, items) in zip(names, seed.layouts):
        if not name:
            continue
        layout = None if items is None else dict(items)
        layouts[name] = layout_join(layouts[name], layout) if name in layouts else layout


def _seed_given(index: ModuleIndex, seed: Seed) -> frozenset[str]:
    """The parameters of a seeded function its external call fills, not with None (by
    position or keyword; flow/given.py). A method's seed (an override, a receiver) gives
    none: its call's arguments are not known here."""
    unit = index.defs.get(seed.function)
    if unit is None:
        return frozenset()
    return frozenset(_parameters_at(unit, seed.given, bound=False)) - {""}


def _seed_non_integer(index: ModuleIndex, seed: Seed) -> frozenset[str]:
    """The parameters of a seeded function its external call fills with a value of no
    integer dtype (flow/dtypes.py), as :func:`_seed_given` reads them."""
    unit = index.defs.get(seed.function)
    if unit is None:
        return frozenset()
    return frozenset(_parameters_at(unit, seed.non_integer, bound=False)) - {""}


def _seed_truths(index: ModuleIndex, seed: Seed) -> dict[str, bool]:
    """The parameters of a seeded function its external call passes literals, with their
    truth values (flow/given.py): a module-level function's by position or keyword, a
    method's (a receiver's call, ``blt.inverse(skip_checks=True)``) after ``self``."""
    function, _, method = seed.function.partition(".")
    unit = index.defs.get(function) if not method else index.classes.get(function, {}).get(method)
    if unit is None:
        return {}
    names = _parameters_at(unit, [where for where, _truth in seed.truths],
                           bound=unit.parent_is_class and not unit.is_staticmethod)
    return {name: truth for name, (where, truth) in zip(names, seed.truths) if name}


def _parameters_at(unit: Unit, wheres: Iterable[int | str], bound: bool) -> list[str]:
    """The parameter each argument of a call fills, by keyword or position (after ``self``
    when ``bound``); "" for a position past the parameters."""
    positional = [p.name for p in unit.params if p.index >= 0 and not p.star][int(bound):]
    return [where if isinstance(where, str) else
            positional[where] if 0 <= where < len(positional) else "" for where in wheres]


def _seed_kinds(index: ModuleIndex, seed: Seed, known: dict[str, int] | None) -> dict[str, int]:
    """Parameter kinds of a seeded function from its external call sites (joined)."""
    kinds = dict(known or {})
    unit = index.defs.get(seed.function)
    if unit is None:
        return kinds
    positional = [p for p in unit.params if p.index >= 0]
    pairs = list(zip((p.name for p in positional), seed.positional))
    pairs += list(seed.keywords)
    for name, kind in pairs:
        kinds[name] = L.join(kinds[name], kind) if name in kinds else kind
    return kinds
