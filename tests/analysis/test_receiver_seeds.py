"""Methods called on traced arguments (summary.py ``receiver_seeds``): which class's method a
traced ``cosmo.cache_set(k, v)`` runs, from the project's classes or the annotation."""

from __future__ import annotations

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.summary import ModuleSummary, ReceiverCall, Seed, propagate


def _classes(module: str, *classes: tuple[str, tuple[str, ...]]) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), classes=tuple((c, (), m) for c, m in classes))


def _caller(module: str, *calls: tuple[str, str], reexports=()) -> ModuleSummary:
    """``calls``: (method, the parameter's annotated class or "")."""
    return ModuleSummary(module, frozenset({"kernel"}), (), tuple(reexports), receiver_calls=tuple(
        ReceiverCall(method, "kernel", 3, "jax.jit", "jax.jit", "jax.jit", annotated)
        for method, annotated in calls))


def _seeds(*modules: ModuleSummary) -> dict[str, list[tuple[str, tuple[int, ...]]]]:
    project = {m.module: (m, m.module.replace(".", "/") + ".py", m.module.replace(".", "/") + ".py")
               for m in modules}
    return {module: [(s.function, s.positional) for s in found]
            for module, found in propagate(project).items()}


def test_a_receiver_call_round_trips_through_json() -> None:
    summary = _caller("pkg.probes", ("cache_set", ""), ("finalize", "pkg.core.MeanState"))
    assert ModuleSummary.from_json(summary.to_json()) == summary


def test_the_one_class_with_the_method_gets_it_traced_with_a_traced_self() -> None:
    seeds = _seeds(_classes("pkg.core", ("Cosmology", ("cache_set", "is_cached"))),
                   _caller("pkg.background", ("cache_set", "")))
    assert seeds == {"pkg.core": [("Cosmology.cache_set", (L.TRACED,))]}


def test_a_name_two_classes_share_or_an_array_has_says_nothing() -> None:
    seeds = _seeds(_classes("pkg.a", ("Table", ("fill_rows", "replace", "sum"))),
                   _classes("pkg.b", ("Ledger", ("fill_rows",))),
                   _caller("pkg.c", ("fill_rows", ""), ("replace", ""), ("sum", ""),
                           ("__call__", "")))
    assert seeds == {}


def test_the_annotation_picks_one_of_two_classes_through_a_reexport() -> None:
    seeds = _seeds(_classes("pkg.core", ("MeanState", ("finalize",)), ("MaxState", ("finalize",))),
                   _caller("app", ("finalize", "app.MeanState"),
                           reexports=[("MeanState", "pkg.core.MeanState")]))
    assert seeds == {"pkg.core": [("MeanState.finalize", (L.TRACED,))]}


def test_an_annotated_class_without_the_method_gets_nothing() -> None:
    seeds = _seeds(_classes("pkg.core", ("MeanState", ("finalize",)), ("Other", ("merge_all",))),
                   _caller("app", ("merge_all", "pkg.core.MeanState")))
    assert seeds == {}


def test_the_literals_a_receiver_call_passes_ride_on_its_seed() -> None:
    # `blt.inverse(skip_checks=True)` (flow/given.py): positions count after the receiver
    call = ReceiverCall("inverse", "max_loss", 3, "jax.jit", "jax.jit", "jax.jit", "",
                        (("skip_checks", True), (0, False)))
    summary = ModuleSummary("app", frozenset({"max_loss"}), (), receiver_calls=(call,))
    assert ModuleSummary.from_json(summary.to_json()) == summary
    project = {m.module: (m, m.module + ".py", m.module + ".py")
               for m in (summary, _classes("pkg.core", ("Toeplitz", ("inverse",))))}
    [seed] = propagate(project)["pkg.core"]
    assert seed.truths == (("skip_checks", True), (0, False))
    assert Seed.from_json(seed.to_json()) == seed
