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


def test_a_package_import_names_the_classes_of_its_modules() -> None:
    """`import pkg.api as js` then `js.model.Model` (jaxsim's style): the facts of every
    class in the package's modules, under the names the importing module can write."""
    seeds = propagate(_project(
        _summary("pkg.api", reexports=[("model", "pkg.api.model")]),
        _summary("pkg.api.model", classes=[("Model", ("dofs",))]),
        _summary("pkg.rbda", reexports=[("js", "pkg.api")])))
    assert [(s.function, s.keywords) for s in seeds["pkg.rbda"]] == [
        ("js.model.Model", (("dofs", L.STATIC),))]

