"""`jaxpure verify` as a command: usage errors, the no-jax message, exit codes, JSON output,
--findings and --against. Each command that runs targets starts one worker (about a second
for importing jax), so the targets here are few and small."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxpure.verify import INSTALL_HINT, VerifyOptions

pytestmark = pytest.mark.verify

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path("fixtures") / "verify"


def verify_cli(*args: str, cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jaxpure", "verify", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def test_without_jax_one_line_and_exit_2() -> None:
    code = ("import sys; sys.modules['jax'] = None; from jaxpure.cli import main; "
            "sys.exit(main(['verify', 'fixtures/verify/jxp401_traced_bool/bad.py::relu']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == INSTALL_HINT
    assert done.stdout == ""


@pytest.mark.parametrize("args", [
    (),
    ("no_separator",),
    ("fixtures/verify/missing.py::f",),
    ("fixtures/verify/jxp401_traced_bool/bad.py::not a name",),
    ("--examples", "nowhere.py", "fixtures/verify/jxp401_traced_bool/bad.py::relu"),
    ("--checks", "traces,bogus", "fixtures/verify/jxp401_traced_bool/bad.py::relu"),
    ("--against", "HEAD", "some.module:f"),
])
def test_usage_errors_exit_2_without_a_traceback(args: tuple[str, ...]) -> None:
    pytest.importorskip("jax")
    done = verify_cli(*args)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip()


def test_confirmed_problem_exits_1_and_clean_target_exits_0_in_json() -> None:
    pytest.importorskip("jax")
    bad = f"{FIXTURES}/jxp401_traced_bool/bad.py::relu"
    fixed = f"{FIXTURES}/jxp401_traced_bool/fixed.py::relu"
    done = verify_cli(bad, "--output-format", "json", "--checks", "traces,jit-agrees")
    assert done.returncode == 1, done.stderr
    (report,) = json.loads(done.stdout)["reports"]
    assert report["target"] == bad and report["codes"] == ["JXP401"] and report["ok"] is False
    failing = [c for c in report["checks"] if c["status"] == "fail"]
    assert {c["transform"] for c in failing} >= {"jit", "vmap", "pmap"}
    assert failing[0]["location"]["line"] == 7

    done = verify_cli(fixed, "--checks", "traces")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "traces" in done.stdout and "no problem found" in done.stderr


def test_findings_mode_reports_each_finding() -> None:
    pytest.importorskip("jax")
    done = verify_cli("--findings", f"{FIXTURES}/jxp102_global_write", f"{FIXTURES}/jxp402_traced_shape",
                      "fixtures/jxp202.py", "--output-format", "json")
    assert done.returncode == 1, done.stderr
    payload = json.loads(done.stdout)
    statuses = {(Path(f["filename"]).name, f["code"]): f["status"] for f in payload["findings"]}
    assert statuses[("bad.py", "JXP102")] == "confirmed"
    assert statuses[("bad.py", "JXP402")] == "confirmed"
    assert statuses[("jxp202.py", "JXP202")] == "not observable"
    targets = {r["target"] for r in payload["reports"]}
    assert f"{FIXTURES}/jxp402_traced_shape/bad.py::head" in targets
    assert not any("fixed.py" in t for t in targets)  # fixed twins have no findings to verify


def test_against_a_git_revision(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    source = tmp_path / "model.py"
    source.write_text("import jax\n\n\ndef relu(x: jax.Array):\n    if x.sum() > 0:\n        return x\n"
                      "    return 0.0 * x\n")
    env = ["-c", "user.name=t", "-c", "user.email=t@example.com"]
    for command in (["init", "-q"], ["add", "model.py"], [*env, "commit", "-qm", "bad"]):
        subprocess.run(["git", *command], cwd=tmp_path, check=True, capture_output=True)
    source.write_text("import jax\nimport jax.numpy as jnp\n\n\ndef relu(x: jax.Array):\n"
                      "    return jnp.where(x.sum() > 0, x, 0.0 * x)\n")
    done = verify_cli("--against", "HEAD", "model.py::relu", "--output-format", "json", "--checks", "traces",
                      cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    (report,) = json.loads(done.stdout)["reports"]
    agreement = {c["transform"]: c["status"] for c in report["checks"] if c["check"] == "fix-agrees"}
    assert agreement == {t: "pass" for t in ("eager", "jit", "vmap", "pmap", "shard_map")}

    done = verify_cli("--against", "no-such-rev", "model.py::relu", cwd=tmp_path)
    assert done.returncode == 2 and "no-such-rev" in done.stderr


def test_verify_fixes_for_check_fix(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    from jaxpure.verify.fixes import DIFFERS, NO_EXAMPLE, VERIFIED, FixedFile, verify_fixes

    old = ("import jax\n\n\n@jax.jit\ndef zero_first(x):\n    x[0] = 0.0\n    return x\n\n\n"
           "def bump(x):\n    x.at[0].add(1.0)\n    return x\n\n\ndef opaque(x):\n    x.at[0].add(1.0)\n    return x\n")
    new = ("import jax\n\n\n@jax.jit\ndef zero_first(x):\n    x = x.at[0].set(0.0)\n    return x\n\n\n"
           "def bump(x):\n    x = x.at[0].add(1.0)\n    return x\n\n\n"
           "def opaque(x):\n    x = x.at[0].add(1.0)\n    return x\n")
    (tmp_path / "model.py").write_text(new)
    (tmp_path / "jaxpure_examples.py").write_text(
        "import jax.numpy as jnp\n"
        "EXAMPLES = {'zero_first': lambda: (jnp.ones(3),), 'bump': lambda: (jnp.ones(3),)}\n")
    verdicts = verify_fixes([FixedFile(str(tmp_path / "model.py"), old, (6, 11, 16))],
                            options=VerifyOptions(checks=("traces",)))
    assert [v.status for v in verdicts] == [VERIFIED, DIFFERS, NO_EXAMPLE], verdicts


def test_findings_that_all_ran_or_cannot_show_exit_0(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    (tmp_path / "m.py").write_text(textwrap.dedent("""\
        import jax


        def reset(x: jax.Array) -> jax.Array:
            x.at[0].set(0.0)
            return x
        """))
    done = subprocess.run([sys.executable, "-m", "jaxpure", "verify", "--findings", "m.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr  # "not observable" does not count against it
    assert "JXP202  not observable" in done.stdout and "1 finding(s): 1 not observable" in done.stderr
