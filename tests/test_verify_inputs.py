"""Inputs without hand-written examples (issue 16): one test per source (call site, test setup,
jaxtyping shapes, dataclass pytrees), the transforms the code applies, non-array arguments made
static, honest verdicts and exit codes."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
pytest.importorskip("hypothesis")

from jaxpure.verify.callsites import usage_of  # noqa: E402
from jaxpure.verify.results import FAIL, PASS, RUN, SKIPPED, CheckResult, Report  # noqa: E402
from jaxpure.verify.static import (  # noqa: E402
    CONFIRMED,
    NOT_OBSERVED,
    NOT_RUN,
    FindingVerdict,
    StaticFinding,
    exit_code,
    summary,
    verdict,
)
from jaxpure.verify.strategies import asserted_shapes, draw, examples_strategy  # noqa: E402
from jaxpure.verify.targets import TargetSpec  # noqa: E402
from jaxpure.verify.trees import NotBatchable, stack  # noqa: E402

pytestmark = pytest.mark.verify

ROOT = Path(__file__).resolve().parent.parent

MODEL = """\
import jax.numpy as jnp


def step(x, mode):
    if mode == "double":
        x = x * 2.0
    if x.sum() > 0:
        return x
    return -x


def scaled(x, factor):
    return x * factor
"""
USE = """\
import jax
import jax.numpy as jnp
from pkg.model import step

from pkg.model import scaled

fast = jax.jit(scaled, static_argnames="factor")
batched = jax.vmap(scaled, in_axes=(0, None))


def main():
    x = jnp.zeros((3, 4))
    return step(jnp.ones(x.shape), "double")
"""
TEST = """\
import unittest

import jax
import jax.numpy as jnp
from pkg import model


def test_scaled():
    x = jnp.arange(4.0)
    assert model.scaled(x, 2.0).shape == (4,)


class KeyTest(unittest.TestCase):
    def setUp(self):
        self.key = jax.random.PRNGKey(0)

    def test_draws(self):
        a = jax.random.normal(self.key, (2,))
        b = jax.random.normal(self.key, (2,))
        self.assertEqual(a.shape, b.shape)
"""
SOLVERS = """\
import abc

import jax


class AbstractSolver(abc.ABC):
    @abc.abstractmethod
    def rate(self) -> float:
        ...

    def step(self, y: jax.Array) -> jax.Array:
        if y.sum() > 0:  # a traced bool under jit
            return y * self.rate()
        return y
"""
EULER = """\
from pkg.solvers import AbstractSolver


class Euler(AbstractSolver):
    def __init__(self, dt: float):
        self.dt = dt

    def rate(self) -> float:
        return self.dt

    def step(self, y):  # an override: the abstract class's own step must still be the one run
        return y
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "model.py").write_text(MODEL)
    (root / "pkg" / "use.py").write_text(USE)
    (root / "pkg" / "solvers.py").write_text(SOLVERS)
    (root / "pkg" / "euler.py").write_text(EULER)
    (root / "tests").mkdir()
    (root / "tests" / "test_model.py").write_text(TEST)
    return root


def test_call_sites_and_transforms_are_found_in_the_project(project: Path) -> None:
    usage = usage_of(str(project / "pkg" / "model.py"), "step", (str(project),))
    assert usage.calls == ["((jax.numpy.ones(jax.numpy.zeros((3, 4,)).shape), 'double', ), {})"]
    assert usage.transforms == set() and not usage.static_argnames  # nothing jits it
    scaled = usage_of(str(project / "pkg" / "model.py"), "scaled", (str(project),))
    assert scaled.tests == [(str(project / "tests" / "test_model.py"), "test_scaled")]
    assert scaled.transforms == {"jit", "vmap"} and scaled.static_argnames == {"factor"}
    assert scaled.calls == []  # the test's call is its setup, not a call site


@pytest.fixture(scope="module")
def reports(project: Path) -> dict[str, Report]:
    from jaxpure.verify.options import VerifyOptions
    from jaxpure.verify.plan import plan_task
    from jaxpure.verify.worker import WorkerPool

    options = VerifyOptions(checks=("traces",))
    model = str(project / "pkg" / "model.py")
    tasks = {
        "call site": plan_task(TargetSpec.parse(f"{model}::step"), options, None, False, (str(project),),
                               codes={"JXP401"}),
        "test setup": plan_task(TargetSpec.parse(f"{model}::scaled"), options, None, True, (str(project),)),
        "no tests allowed": plan_task(TargetSpec.parse(f"{model}::scaled"), options, None, False, (str(project),)),
        "test case": plan_task(TargetSpec.parse(f"{project / 'tests' / 'test_model.py'}::KeyTest.test_draws"),
                               VerifyOptions(checks=("traces", "key-reuse")), None, False, (str(project),)),
        "abstract class": plan_task(TargetSpec.parse(f"{project / 'pkg' / 'solvers.py'}::AbstractSolver.step"),
                                    options, None, False, (str(project),), codes={"JXP401"}),
    }
    with WorkerPool(jobs=1, devices=2, timeout=120) as pool:
        return dict(zip(tasks, pool.run(list(tasks.values()))))


def test_inputs_from_a_call_site_with_a_static_string(reports: dict[str, Report]) -> None:
    report = reports["call site"]
    assert report.meta["inputs"].startswith("call site ") and "use.py:13" in report.meta["inputs"]
    (jit,) = report.results("traces", "jit")
    assert jit.status == FAIL and jit.code == "JXP401", report  # the str is static: no jit error for it
    (vmap,) = report.results("traces", "vmap")
    assert vmap.status == SKIPPED and "nothing in the code applies vmap" in vmap.detail
    assert "float32[3,4]" in report.meta["failing_input"] and "'double'" in report.meta["failing_input"]


def test_inputs_from_a_tests_setup_only_when_asked(reports: dict[str, Report]) -> None:
    report = reports["test setup"]
    assert report.meta["inputs"].startswith("test setup "), report.meta
    assert report.meta["inputs"].endswith("tests/test_model.py::test_scaled"), report.meta
    assert report.results("traces", "jit")[0].status == PASS
    (run,) = reports["no tests allowed"].results(RUN)
    assert run.status == SKIPPED and "--from-tests" in run.detail and "EXAMPLES = {\"scaled\"" in run.detail


def test_a_test_case_method_runs_after_its_setup(reports: dict[str, Report]) -> None:
    report = reports["test case"]
    assert "JXP301" in report.codes, report  # the raw key setUp stored on self is checked


def test_an_abstract_class_method_runs_on_a_concrete_subclass_from_the_project(project: Path,
                                                                              reports: dict[str, Report]) -> None:
    usage = usage_of(str(project / "pkg" / "solvers.py"), "AbstractSolver.step", (str(project),))
    assert usage.subclass_files == [str(project / "pkg" / "euler.py")]
    report = reports["abstract class"]
    assert report.meta["inputs"].endswith("; self: Euler(0.0)"), report.meta  # dt drawn from its annotation
    (jit,) = report.results("traces", "jit")
    assert jit.status == FAIL and jit.code == "JXP401", report  # AbstractSolver.step ran, not Euler's override


def test_jaxtyping_dimension_names_agree_across_arguments() -> None:
    def project_rows(a: "Float[Array, 'batch n']", w: "Float[Array, 'n out']",  # noqa: F821, F722
                     b: "Float[Array, 'out']"):  # noqa: F821, F722
        return a @ w + b

    plan = examples_strategy(project_rows)
    drawn = draw(plan, 3)  # type: ignore[arg-type]
    assert len(drawn) == 3
    shapes = {tuple(arg.shape for arg in example.args) for example in drawn}
    assert len(shapes) == 1  # one set of sizes per run: the draws stack into a vmap batch
    ((a, w, b),) = shapes
    assert len(a) == 2 and a[1] == w[0] and w[1] == b[0]
    for example in drawn:
        project_rows(*example.args)  # the shapes fit together


@dataclasses.dataclass(frozen=True)
class Params:
    w: jax.Array
    scale: float
    name: str = "layer"


jax.tree_util.register_dataclass(Params, data_fields=["w", "scale"], meta_fields=["name"])


class Batch(NamedTuple):
    x: jax.Array
    y: jax.Array


def test_dataclass_and_namedtuple_pytrees_are_drawn_field_by_field() -> None:
    def loss(params: Params, batch: Batch, key: jax.Array, steps: int):
        return ((batch.x * params.w * params.scale - batch.y) ** 2).sum() * steps

    (example,) = draw(examples_strategy(loss), 1)  # type: ignore[arg-type]
    params, batch, key, steps = example.args
    assert isinstance(params, Params) and params.name == "layer" and isinstance(params.w, jax.Array)
    assert isinstance(batch, Batch) and batch.x.shape == batch.y.shape == params.w.shape
    assert jax.dtypes.issubdtype(key.dtype, jax.dtypes.prng_key) and isinstance(steps, int)
    jax.jit(loss, static_argnums=3)(*example.args)  # a registered pytree goes through jit


def test_shapes_asserted_in_the_body_are_used() -> None:
    def flat(x, y):
        chex.assert_shape(x, (2, 5))  # noqa: F821 - only parsed
        assert y.shape == (3,)
        return x

    assert asserted_shapes(flat) == {"x": (2, 5), "y": (3,)}
    (example,) = draw(examples_strategy(flat), 1)  # type: ignore[arg-type]
    assert [a.shape for a in example.args] == [(2, 5), (3,)]


def test_a_parameter_that_cannot_be_drawn_says_what_would_let_it_run() -> None:
    def configured(config, x: jax.Array):
        return x

    missing = examples_strategy(configured)
    assert getattr(missing, "parameter", None) == "config"


def test_a_leaf_that_cannot_be_stacked_is_named() -> None:
    with pytest.raises(NotBatchable, match=r"argument `mode` is a str"):
        stack(["fast", "slow"], "mode")
    with pytest.raises(NotBatchable, match=r"argument `state`\['lr'\] is a str"):
        stack([{"lr": "a"}, {"lr": "b"}], "state")


def _finding(code: str = "JXP401") -> StaticFinding:
    return StaticFinding("m.py", 3, 4, code, "message", "m.py::f")


def test_a_failure_unrelated_to_the_finding_is_not_a_confirmation() -> None:
    report = Report("m.py::f", (CheckResult("traces", "eager", PASS),
                                CheckResult("key-reuse", "jit", PASS),
                                CheckResult("traces", "jit", FAIL, "TypeError: bad", None)))
    found = verdict(_finding("JXP301"), {"m.py::f": report})
    assert found.status == NOT_OBSERVED and "unrelated to this finding" in found.detail


def test_exit_codes_are_honest() -> None:
    confirmed = FindingVerdict(_finding(), CONFIRMED, "")
    observed = FindingVerdict(_finding(), NOT_OBSERVED, "traces: jit pass")
    unrun = FindingVerdict(_finding(), NOT_RUN, "no example for f and cannot build parameter `x`")
    assert exit_code([observed], crashed=False, allow_not_run=False) == 0
    assert exit_code([observed, unrun], crashed=False, allow_not_run=False) == 2
    assert exit_code([observed, unrun], crashed=False, allow_not_run=True) == 0
    assert exit_code([confirmed, unrun], crashed=False, allow_not_run=False) == 1
    assert exit_code([observed], crashed=True, allow_not_run=False) == 2
    assert summary([confirmed, observed, unrun]) == ("3 finding(s): 1 confirmed, 1 not observed (1 ran cleanly), "
                                                     "1 not run (1 no inputs)")


def test_findings_that_were_not_run_exit_2_unless_allowed(tmp_path: Path) -> None:
    (tmp_path / "top.py").write_text(textwrap.dedent("""\
        import jax

        key = jax.random.PRNGKey(0)
        a = jax.random.normal(key, (3,))
        b = jax.random.normal(key, (3,))
        """))
    command = [sys.executable, "-m", "jaxpure", "verify", "--findings", "top.py"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "not run" in done.stdout and "move the code into a function" in done.stdout
    assert "1 finding(s): 1 not run (1 not in a function)" in done.stderr
    allowed = subprocess.run(command + ["--allow-not-run"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert allowed.returncode == 0, allowed.stderr
