"""The runtime verifier on its fixture pairs (fixtures/verify/): each bad function is confirmed
with the right code under the right transform; each fixed twin passes every check and, where
the pair shares its example, agrees with the original run eagerly under every transform.

All targets run in one batch on one worker pool (workers import jax once), so the whole module
costs about a minute on two cores.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("jax")

from jaxpure.verify.results import ERROR, FAIL, FIX_AGREES, PASS, RUN, SKIPPED, Report  # noqa: E402
from jaxpure.verify.targets import TargetSpec  # noqa: E402
from jaxpure.verify.worker import Task, WorkerPool  # noqa: E402

pytestmark = pytest.mark.verify

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "verify"
BATCHED = ("vmap", "pmap", "shard_map")


@dataclass(frozen=True)
class Pair:
    directory: str
    target: str  # qualname in both bad.py and fixed.py
    code: str
    check: str
    transforms: tuple[str, ...]  # each must confirm the code
    comparable: bool = True  # fixed and bad share the example and compute the same

    def spec(self, kind: str) -> str:
        return f"{(FIXTURES / self.directory / f'{kind}.py').relative_to(ROOT)}::{self.target}"


PAIRS = (
    Pair("jxp101_stale_global", "apply_scale", "JXP101", "stale-globals", ("jit",)),
    Pair("jxp102_global_write", "double", "JXP102", "side-effects", ("jit",)),
    Pair("jxp103_outer_mutation", "normalize", "JXP103", "side-effects", ("jit",)),
    Pair("jxp104_print", "mse", "JXP104", "side-effects", ("jit",)),
    Pair("jxp104_numpy_random", "add_noise", "JXP104", "side-effects", ("jit",), comparable=False),
    Pair("jxp201_inplace_assign", "zero_first", "JXP201", "traces", ("eager", "jit", *BATCHED),
         comparable=False),  # the original fails eagerly: nothing to compare with
    Pair("jxp301_key_reuse", "init_params", "JXP301", "key-reuse", ("jit", "eager"), comparable=False),
    Pair("jxp302_key_reuse_in_loop", "noisy_sum", "JXP302", "key-reuse", ("jit", "eager"), comparable=False),
    Pair("jxp401_traced_bool", "relu", "JXP401", "traces", ("jit", *BATCHED)),
    Pair("jxp402_traced_shape", "head", "JXP402", "traces", ("jit", *BATCHED)),
    Pair("jxp403_concretization", "total", "JXP403", "traces", ("jit", *BATCHED)),
    Pair("jxp501_scan_carry", "running_sum", "JXP501", "traces", ("jit", *BATCHED)),
    Pair("jxp501_state_keys", "update", "JXP501", "retracing", ("jit",), comparable=False),
    Pair("jxp502_argument_mutation", "increment", "JXP502", "arg-mutation", ("eager",),
         comparable=False),  # the fix returns the state it used to lose: another result
    Pair("jxp601_tracer_leak", "forward", "JXP601", "side-effects", ("jit",)),
    Pair("jxp601_self_leak", "Scaler.__call__", "JXP601", "side-effects", ("jit",)),
    Pair("jxp602_unhashable_static", "pad_both", "JXP602", "traces", ("jit", *BATCHED)),
)

HARNESS = (FIXTURES / "misc" / "harness.py").relative_to(ROOT)
MISC = {
    "hangs": Task(TargetSpec.parse(f"{HARNESS}::hangs"), timeout=8.0),
    "crashes": Task(TargetSpec.parse(f"{HARNESS}::crashes")),
    "from_annotations": Task(TargetSpec.parse(f"{HARNESS}::from_annotations")),
    "needs_an_example": Task(TargetSpec.parse(f"{HARNESS}::needs_an_example")),
    "fails_eagerly": Task(TargetSpec.parse(f"{HARNESS}::fails_eagerly")),
    "method": Task(TargetSpec.parse(f"{HARNESS}::Model.apply")),
    "no_such_function": Task(TargetSpec.parse(f"{HARNESS}::missing")),
}


def _tasks() -> dict[str, Task]:
    tasks: dict[str, Task] = {}
    for pair in PAIRS:
        tasks[pair.spec("bad")] = Task(TargetSpec.parse(pair.spec("bad")))
        fixed = TargetSpec.parse(pair.spec("fixed"))
        if pair.comparable:
            fixed = fixed.with_original(pair.spec("bad"))
        tasks[pair.spec("fixed")] = Task(fixed)
    tasks.update(MISC)
    return tasks


@pytest.fixture(scope="module")
def reports() -> dict[str, Report]:
    import os

    previous = os.getcwd()
    os.chdir(ROOT)  # targets are relative to the repository root (workers inherit the cwd)
    try:
        tasks = _tasks()
        with WorkerPool(jobs=2, devices=4, timeout=120) as pool:
            done = pool.run(list(tasks.values()))
    finally:
        os.chdir(previous)
    return dict(zip(tasks, done))


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.directory)
def test_bad_fixture_is_confirmed(pair: Pair, reports: dict[str, Report]) -> None:
    report = reports[pair.spec("bad")]
    assert pair.code in report.codes, report
    confirmed = {(r.check, r.transform) for r in report.confirmed(pair.code)}
    for transform in pair.transforms:
        assert (pair.check, transform) in confirmed, report
    failing = report.confirmed(pair.code)[0]
    assert failing.detail


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.directory)
def test_fixed_twin_passes_every_check(pair: Pair, reports: dict[str, Report]) -> None:
    report = reports[pair.spec("fixed")]
    assert report.ok and not report.codes, report
    assert not any(c.status in (FAIL, ERROR) for c in report.checks)
    ran = {(c.check, c.transform) for c in report.checks if c.status == PASS}
    for transform in ("eager", "jit", *BATCHED):
        assert ("traces", transform) in ran, report
    assert ("vmap-agrees", "vmap") in ran and ("pmap-agrees", "pmap") in ran, report


@pytest.mark.parametrize("pair", [p for p in PAIRS if p.comparable], ids=lambda p: p.directory)
def test_fixed_twin_agrees_with_the_original(pair: Pair, reports: dict[str, Report]) -> None:
    report = reports[pair.spec("fixed")]
    agreement = {c.transform: c.status for c in report.results(FIX_AGREES)}
    assert agreement == {t: PASS for t in ("eager", "jit", *BATCHED)}, report


def test_key_reuse_reports_the_users_line(reports: dict[str, Report]) -> None:
    report = reports[PAIRS[6].spec("bad")]
    eager = [r for r in report.confirmed("JXP301") if r.transform == "eager"][0]
    assert eager.location is not None
    assert eager.location.filename.endswith("jxp301_key_reuse/bad.py") and eager.location.line == 8


def test_traced_bool_quotes_the_jax_error_and_line(reports: dict[str, Report]) -> None:
    result = reports[PAIRS[8].spec("bad")].confirmed("JXP401")[0]
    assert result.detail.startswith("TracerBoolConversionError: Attempted boolean conversion")
    assert result.location is not None and result.location.line == 7


def test_retracing_names_the_changed_key(reports: dict[str, Report]) -> None:
    result = reports[PAIRS[12].spec("bad")].confirmed("JXP501")[0]
    assert "'total'" in result.detail and "added" in result.detail


def test_stale_global_names_the_global(reports: dict[str, Report]) -> None:
    result = reports[PAIRS[0].spec("bad")].confirmed("JXP101")[0]
    assert "`scale`" in result.detail and "2.0" in result.detail


def test_hang_is_reported_as_a_timeout(reports: dict[str, Report]) -> None:
    report = reports["hangs"]
    assert report.could_not_run
    (run,) = report.results(RUN)
    assert run.status == ERROR and "timed out after 8 s" in run.detail


def test_crash_is_reported_with_the_exit_code(reports: dict[str, Report]) -> None:
    report = reports["crashes"]
    (run,) = report.results(RUN)
    assert run.status == ERROR and "crashed the worker (exit code 3)" in run.detail


def test_inputs_from_annotations(reports: dict[str, Report]) -> None:
    report = reports["from_annotations"]
    assert report.ok and report.meta.get("examples") == "generated from annotations", report


def test_missing_example_names_the_parameter(reports: dict[str, Report]) -> None:
    (run,) = reports["needs_an_example"].results(RUN)
    assert run.status == SKIPPED and "parameter `config`" in run.detail


def test_eager_failure_is_an_error_not_a_finding(reports: dict[str, Report]) -> None:
    report = reports["fails_eagerly"]
    assert not report.codes and report.could_not_run
    (eager,) = report.results("traces", "eager")
    assert eager.status == ERROR and "NameError" in eager.detail


def test_method_target_gets_an_instance(reports: dict[str, Report]) -> None:
    assert reports["method"].ok, reports["method"]


def test_unknown_function_is_a_clear_error(reports: dict[str, Report]) -> None:
    (run,) = reports["no_such_function"].results(RUN)
    assert run.status == ERROR and "has no missing" in run.detail
