"""The composite GitHub Action (action.yml): its run steps, executed locally as a runner would.

Each ``run:`` step is run with bash in a temporary workspace, with ``${{ github.action_path }}``
and ``${{ inputs.* }}`` substituted, the GITHUB_* variables a runner sets, and the directories
a step appends to ``$GITHUB_PATH`` put on ``PATH`` for the steps after it. The action path is
a copy of the package's files (pip builds in it), and pip runs offline (``PIP_NO_INDEX``)
without build isolation, so the installed libcst and setuptools serve the build.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

from cli_support import write  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BAD = ("import jax\n\n\ndef sample(key):\n    a = jax.random.normal(key, (2,))\n"
       "    b = jax.random.normal(key, (2,))\n    return a + b\n")
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def _can_build_offline() -> bool:
    """Whether the venv the action's install step makes can build jaxpure offline.

    The step makes a venv with ``--system-site-packages`` from ``python`` (or ``python3``) on
    PATH, so what the interpreter running pytest has does not count: make the same kind of venv
    (without pip, which is quick) and ask it. It needs ``wheel`` or a setuptools (>= 70.1) that
    ships ``bdist_wheel`` itself.
    """
    python = shutil.which("python") or shutil.which("python3")
    if python is None:
        return False
    probe = ("import importlib.util, sys\n"
             "import setuptools\n"
             "has_wheel = importlib.util.find_spec('wheel') is not None\n"
             "version = tuple(int(p) for p in setuptools.__version__.split('.')[:2])\n"
             "sys.exit(0 if has_wheel or version >= (70, 1) else 1)\n")
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "venv"
        made = subprocess.run([python, "-m", "venv", "--system-site-packages", "--without-pip",
                               str(venv)], capture_output=True)
        venv_python = venv / "bin" / "python"
        if made.returncode != 0 or not venv_python.exists():
            return False
        return subprocess.run([str(venv_python), "-c", probe], capture_output=True).returncode == 0


def substitute(text: str, action_path: Path, inputs: dict[str, str]) -> str:
    def value(match: re.Match[str]) -> str:
        expression = match.group(1)
        if expression == "github.action_path":
            return str(action_path)
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        raise AssertionError(f"the test does not know the expression {expression!r}")
    return EXPRESSION.sub(value, text)


def run_action(workspace: Path, action_path: Path, given: dict[str, str]) -> list[subprocess.CompletedProcess]:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(given)
    runner_temp = workspace.parent / "runner-temp"
    runner_temp.mkdir()
    github_path = runner_temp / "github_path"
    github_path.touch()
    env = {**os.environ, "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(workspace),
           "GITHUB_PATH": str(github_path), "RUNNER_TEMP": str(runner_temp),
           "PIP_NO_INDEX": "1", "PIP_NO_BUILD_ISOLATION": "0"}
    env.pop("VIRTUAL_ENV", None)
    completed = []
    for step in action["runs"]["steps"]:
        assert step["shell"] == "bash" and "run" in step
        step_env = {name: substitute(str(v), action_path, inputs)
                    for name, v in step.get("env", {}).items()}
        added = [line for line in github_path.read_text().splitlines() if line]
        path = os.pathsep.join([*reversed(added), env["PATH"]])
        script = substitute(step["run"], action_path, inputs)
        result = subprocess.run(["bash", "-c", script], cwd=workspace, capture_output=True,
                                text=True, env={**env, **step_env, "PATH": path}, timeout=300)
        completed.append(result)
        if result.returncode != 0:
            break
    return completed


@pytest.mark.slow  # pip builds and installs jaxpure: 15-70 s on 2 cores
@pytest.mark.skipif(not _can_build_offline(), reason="needs `wheel` (or setuptools>=70.1) to "
                                                      "build jaxpure offline")
def test_action_annotates_a_bad_file_writes_sarif_and_fails(tmp_path: Path) -> None:
    action_path = tmp_path / "action"
    action_path.mkdir()
    for name in ("action.yml", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, action_path / name)
    shutil.copytree(ROOT / "jaxpure", action_path / "jaxpure",
                    ignore=shutil.ignore_patterns("__pycache__"))
    workspace = tmp_path / "workspace"
    write(workspace, {"src/bad.py": BAD, "src/good.py": "x = 1\n"})

    install, check = run_action(workspace, action_path, {"paths": "src", "sarif-file": "out.sarif"})

    assert install.returncode == 0, install.stdout + install.stderr
    assert check.returncode == 1, check.stdout + check.stderr
    assert check.stdout.startswith("::error title=jaxpure (JXP301),file=src/bad.py,line=6,col=9,")
    assert len(check.stdout.strip().splitlines()) == 1
    installed = Path(install_bin(tmp_path))
    assert (installed / "jaxpure").exists()  # the action's own copy, not the caller's jaxpure
    sarif = json.loads((workspace / "out.sarif").read_text())
    [result] = sarif["runs"][0]["results"]
    assert result["ruleId"] == "JXP301"


def install_bin(tmp_path: Path) -> str:
    return (tmp_path / "runner-temp" / "github_path").read_text().split()[0]


def test_documented_installs_need_no_release() -> None:
    """The install routes in the docs work before jaxpure is on PyPI or has tags."""
    for name in ("README.md", "docs/integrations.md"):
        text = (ROOT / name).read_text()
        assert not re.search(r"pip install jaxpure\b(?!\[)", text), name
        assert "rev: v0" not in text, name
    integrations = (ROOT / "docs" / "integrations.md").read_text()
    assert "rev: <commit sha>" in integrations and "pre-commit autoupdate" in integrations
    assert "uses: jaxpure/jaxpure@<commit sha>" in integrations
