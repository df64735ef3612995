"""nnx models run traced: a module whose traced function calls a merged model tells itself
and the project modules it imports, directly or through others (summary.nnx_run_seeds)."""

from __future__ import annotations

from jaxpure.analysis.module.summary import NNX_RUNS, ModuleSummary, propagate


def _summary(module: str, reexports=(), runs=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), tuple(reexports), nnx_runs=tuple(runs))


def _project(*modules: ModuleSummary) -> dict[str, tuple[ModuleSummary, str, str]]:
    paths = {m.module: m.module.replace(".", "/") + ".py" for m in modules}
    return {m.module: (m, paths[m.module], paths[m.module]) for m in modules}


def _told(seeds) -> dict[str, str]:
    return {module: seed.origin for module, found in seeds.items()
            for seed in found if seed.via == NNX_RUNS}


def test_a_summary_with_nnx_runs_round_trips_through_json() -> None:
    summary = _summary("app.pipeline", runs=[("forward", 12, "jax.jit")])
    assert ModuleSummary.from_json(summary.to_json()) == summary


def test_the_running_module_and_what_it_imports_are_told_and_no_other() -> None:
    told = _told(propagate(_project(
        _summary("app.pipeline", reexports=[("Transformer", "app.models.transformer.Transformer")],
                 runs=[("forward", 12, "jax.jit")]),
        _summary("app.models.transformer", reexports=[("Attention", "app.models.attention.Attention")]),
        _summary("app.models.attention"),
        _summary("app.models.vae"),  # the pipeline imports nothing of it
        _summary("app.eager", reexports=[("Attention", "app.models.attention.Attention")]))))
    assert sorted(told) == ["app.models.attention", "app.models.transformer", "app.pipeline"]
    assert told["app.models.attention"] == "`forward` in app/pipeline.py:12, under `jax.jit`"


def test_a_project_that_runs_no_merged_model_tells_nobody() -> None:
    told = _told(propagate(_project(
        _summary("app.pipeline", reexports=[("Transformer", "app.models.transformer.Transformer")]),
        _summary("app.models.transformer"))))
    assert told == {}


def test_the_cache_keeps_a_summary_with_nnx_runs_and_refuses_a_damaged_one() -> None:
    from jaxpure import cache

    data = _summary("app.pipeline", runs=[("forward", 12, "jax.jit")]).to_json()
    assert cache._decode_summary(data) is not None
    for wrong in (1.5, True, None):
        damaged = data[:9] + [[["forward", wrong, "jax.jit"]]]
        assert cache._decode_summary(damaged) is None, wrong
