"""analyze(): build the module facts, run the walk once, give the rules their context."""

from __future__ import annotations


import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.index import ModuleIndex, build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.traced import analyze_traced
from jaxpure.analysis.module.nnx_runs import local_nnx_run


from jaxpure.analysis.flow.domain import Handler
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.walker import Walker
from jaxpure.analysis.module.summary import CLASS_FACTS, NNX_RUNS, Seed


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
) -> Context:
    """``module_name``: the dotted module name; ``traced``: the configured patterns of functions
    traced by contract (module/contracts.py)."""
    index = build_index(module, package)
    resolver = Resolver(index)
    class_facts = [seed for seed in seeds or () if seed.via == CLASS_FACTS]
    # where the project runs the nnx models this module can name traced (module/nnx_runs.py)
    nnx_run = min((seed.origin for seed in seeds or () if seed.via == NNX_RUNS), default=None)
    seeds = [seed for seed in seeds or () if seed.via not in (CLASS_FACTS, NNX_RUNS)]
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
    # a class whose `__init__` is a static member: its instances are Python values
    ctx.facts.imported_static_instances = frozenset(
        seed.function for seed in class_facts if ("__init__", L.STATIC) in seed.keywords)
    ctx.facts.seeds = tuple(seeds)
    for seed in seeds:
        ctx.seeded_kinds[seed.function] = _seed_kinds(index, seed, ctx.seeded_kinds.get(seed.function))
        given = _seed_given(index, seed)
        known = ctx.given.seeded.get(seed.function)
        ctx.given.seeded[seed.function] = given if known is None else known & given
    Walker(ctx, handlers).run()
    return ctx


def _seed_given(index: ModuleIndex, seed: Seed) -> frozenset[str]:
    """The parameters of a seeded function its external call fills, not with None (by
    position or keyword; flow/given.py). A method's seed (an override, a receiver) gives
    none: its call's arguments are not known here."""
    unit = index.defs.get(seed.function)
    if unit is None:
        return frozenset()
    positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
    return frozenset(g if isinstance(g, str) else positional[g] for g in seed.given
                     if isinstance(g, str) or 0 <= g < len(positional))


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
