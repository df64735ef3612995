"""Class facts across modules: a summary carries each class's static members, and the
module that imports the class gets them as a class-facts seed (summary.py)."""

from __future__ import annotations

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.summary import CLASS_FACTS, ModuleSummary, propagate


def _summary(module: str, reexports=(), classes=()) -> ModuleSummary:
    """``classes``: (class, its static members) for each class of ``module``."""
    return ModuleSummary(module, frozenset(), (), tuple(reexports), static_members=tuple(classes))


def _project(*modules: ModuleSummary) -> dict[str, tuple[ModuleSummary, str, str]]:
    paths = {m.module: m.module.replace(".", "/") + ".py" for m in modules}
    return {m.module: (m, paths[m.module], paths[m.module]) for m in modules}


def test_a_summary_with_class_facts_round_trips_through_json() -> None:
    summary = _summary("pkg.geometry", classes=[("PointCloud", ("batch_size", "is_online"))])
    assert ModuleSummary.from_json(summary.to_json()) == summary


def test_the_importing_module_gets_the_class_facts_and_the_defining_one_does_not() -> None:
    seeds = propagate(_project(
        _summary("pkg.geometry", classes=[("PointCloud", ("is_online",))]),
        _summary("pkg.kmeans", reexports=[("Cloud", "pkg.geometry.PointCloud")]),
        _summary("pkg.other", reexports=[("dense", "pkg.layers.dense")])))
    assert list(seeds) == ["pkg.kmeans"]
    (seed,) = seeds["pkg.kmeans"]
    assert (seed.function, seed.via, seed.keywords, seed.source) == (
        "Cloud", CLASS_FACTS, (("is_online", L.STATIC),), "pkg/geometry.py")


def test_class_facts_follow_a_package_reexport() -> None:
    seeds = propagate(_project(
        _summary("pkg.geometry", classes=[("PointCloud", ("cost_rank",))]),
        _summary("pkg", reexports=[("PointCloud", "pkg.geometry.PointCloud")]),
        _summary("app", reexports=[("PointCloud", "pkg.PointCloud")])))
    assert [s.keywords for s in seeds["app"]] == [(("cost_rank", L.STATIC),)]


def test_a_class_building_static_instances_is_told_to_its_importers() -> None:
    from jaxpure.analysis.module.summary import Seed
    from jaxpure.analysis.pipeline import analyze
    import libcst as cst

    seeds = propagate(_project(
        _summary("pkg.errors", classes=[("FallbackWarning", ("__init__",))]),
        _summary("pkg.sample", reexports=[("FallbackWarning", "pkg.errors.FallbackWarning")])))
    (seed,) = seeds["pkg.sample"]
    assert isinstance(seed, Seed) and seed.keywords == (("__init__", L.STATIC),)
    module = cst.parse_module("from pkg.errors import FallbackWarning\n")
    ctx = analyze(module, {}, seeds=[seed])
    assert ctx.facts.imported_static_instances == frozenset({"FallbackWarning"})
    assert ctx.facts.imported_static_members == frozenset()
