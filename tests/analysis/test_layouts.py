"""Layouts (flow/layouts.py): the kinds of a structure's parts as the code that built it
shows them, joined over the calls that fill a parameter and carried across modules."""

from __future__ import annotations

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.layouts import join, join_all, parameter_layouts
from jaxpure.analysis.module.layout_calls import LAYOUTS, LayoutCall
from jaxpure.analysis.module.summary import ModuleSummary, Seed, propagate

COUNTS = ((("nodes", "[]", "n_node"), L.NUMPY), (("nodes", "[]", "features"), L.TRACED_ARRAY))


def _project(*modules: ModuleSummary) -> dict[str, tuple[ModuleSummary, str, str]]:
    return {m.module: (m, m.module.replace(".", "/") + ".py", m.module.replace(".", "/") + ".py")
            for m in modules}


def _caller(*calls: LayoutCall) -> ModuleSummary:
    return ModuleSummary("pkg.model", frozenset(), (), (("layers", "pkg.layers"),),
                         layout_calls=calls)


def _layers() -> ModuleSummary:
    return ModuleSummary("pkg.layers", frozenset({"adjacency"}), (),
                         classes=(("Mesh", ("haiku.Module",), ("__call__",)),))


def test_a_layout_call_round_trips_through_json() -> None:
    summary = _caller(LayoutCall("pkg.layers.Mesh.__call__", "forward", 7, True,
                                 ((0, COUNTS), ("scale", None))))
    assert ModuleSummary.from_json(summary.to_json()) == summary
    seed = Seed("Mesh.__call__", LAYOUTS, None, None, "`forward` in pkg/model.py:7", (), (),
                layouts=((0, COUNTS),), bound=True)
    assert Seed.from_json(seed.to_json()) == seed


def test_an_instance_call_seeds_the_classs_call_method_and_a_function_call_the_function() -> None:
    seeds = propagate(_project(_layers(), _caller(
        LayoutCall("pkg.layers.Mesh.__call__", "forward", 7, True, ((0, COUNTS),)),
        LayoutCall("pkg.layers.adjacency", "forward", 7, False, ((0, None),)),
        LayoutCall("pkg.layers.missing", "forward", 7, False, ((0, COUNTS),)))))
    found = sorted((s.function, s.via, s.bound, s.layouts) for s in seeds["pkg.layers"])
    assert found == [("Mesh.__call__", LAYOUTS, True, ((0, COUNTS),)),
                     ("adjacency", LAYOUTS, False, ((0, None),))]


def test_joined_layouts_keep_the_paths_both_know_and_a_call_without_one_leaves_none() -> None:
    numpy_counts = {("n_node",): L.NUMPY, ("features",): L.TRACED_ARRAY}
    traced_counts = {("n_node",): L.TRACED_ARRAY}
    assert join(numpy_counts, traced_counts) == {("n_node",): L.TRACED_ARRAY}
    assert join(numpy_counts, None) is None
    assert join_all([]) is None
    assert parameter_layouts([{"graph": numpy_counts}, {}], "graph") == numpy_counts
    assert parameter_layouts([{"graph": numpy_counts}, {"graph": None}], "graph") is None
