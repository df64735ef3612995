"""The published pre-commit hooks work from a consumer's repository.

``pre-commit try-repo`` clones the hook repository and pip-installs jaxpure into an isolated
environment (needs PyPI; tens of seconds), so this runs it twice in total: once on a bad file
(both hooks fail: ``jaxpure`` reports JXP202, ``jaxpure-fix`` rewrites the file) and once
after, when both pass. The hook repository is a snapshot of this working tree committed into
a throwaway git repo, so uncommitted work is what gets tested and this repo is never touched.

Depends on the CLI's ``--force-exclude`` and ``--fix`` (skipped while they are missing).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# what pip needs to build and install jaxpure, and the hook manifest
PACKAGE_FILES = ("pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml")
PACKAGE_DIRS = ("jaxpure",)
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".jaxpure_cache")

BAD = "import jax\ndef f(x):\n    x.at[0].set(1.0)\n    return x\n"
FIXED = "import jax\ndef f(x):\n    x = x.at[0].set(1.0)\n    return x\n"
# the hooks' types_or includes jupyter: a notebook is checked and fixed too
NOTEBOOK = ('{\n "cells": [\n  {\n   "cell_type": "code",\n   "execution_count": null,\n'
            '   "metadata": {},\n   "outputs": [],\n   "source": ' + json.dumps(BAD.splitlines(True))
            + '\n  }\n ],\n "metadata": {},\n "nbformat": 4,\n "nbformat_minor": 5\n}\n')


def pre_commit_command() -> list[str] | None:
    if importlib.util.find_spec("pre_commit") is not None:
        return [sys.executable, "-m", "pre_commit"]
    found = shutil.which("pre-commit")
    return [found] if found else None


def cli_flags_missing(*flags: str) -> list[str]:
    help_text = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--help"],
                               capture_output=True, text=True, cwd=ROOT).stdout
    return [flag for flag in flags if flag not in help_text]


pytestmark = [
    pytest.mark.git,
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
    pytest.mark.skipif(pre_commit_command() is None, reason="pre-commit is not installed"),
]


def git_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "GIT_AUTHOR_NAME": "jaxpure tests", "GIT_AUTHOR_EMAIL": "tests@example.invalid",
        "GIT_COMMITTER_NAME": "jaxpure tests", "GIT_COMMITTER_EMAIL": "tests@example.invalid",
        # no user or system git configuration (signing, hooks, templates) in the way
        "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
        "PRE_COMMIT_COLOR": "never",
    })
    env.pop("PRE_COMMIT", None)
    return env


def git(cwd: Path, env: dict[str, str], *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def hook_repository(tmp_path: Path, env: dict[str, str]) -> Path:
    repo = tmp_path / "hook-repo"
    repo.mkdir()
    for name in PACKAGE_FILES:
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, repo / name)
    for name in PACKAGE_DIRS:
        shutil.copytree(ROOT / name, repo / name, ignore=IGNORED)
    git(repo, env, "init", "-q")
    git(repo, env, "add", ".")
    git(repo, env, "commit", "-q", "-m", "snapshot of the jaxpure working tree")
    return repo


def consumer_repository(tmp_path: Path, env: dict[str, str]) -> Path:
    project = tmp_path / "project"
    (project / "vendored").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[project]\nname = "demo"\n\n[tool.jaxpure]\nexclude = ["vendored/"]\n', encoding="utf-8")
    (project / "model.py").write_text(BAD, encoding="utf-8")
    (project / "analysis.ipynb").write_text(NOTEBOOK, encoding="utf-8")
    # pre-commit names excluded files explicitly; --force-exclude must still skip them
    (project / "vendored" / "third_party.py").write_text(BAD, encoding="utf-8")
    git(project, env, "init", "-q")
    git(project, env, "add", ".")
    return project


def try_repo(project: Path, hooks: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [*pre_commit_command(), "try-repo", str(hooks), "--all-files", "--color", "never"]
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True)


def test_hooks_fail_on_a_finding_fix_it_and_then_pass(tmp_path):
    missing = cli_flags_missing("--force-exclude", "--fix")
    if missing:
        pytest.skip(f"the CLI does not have {', '.join(missing)} yet")
    env = git_env(tmp_path)
    hooks = hook_repository(tmp_path, env)
    project = consumer_repository(tmp_path, env)

    first = try_repo(project, hooks, env)
    output = first.stdout + first.stderr
    assert first.returncode == 1, output
    assert "model.py:3:5: JXP202" in output
    assert "third_party.py" not in output
    assert "files were modified by this hook" in output  # jaxpure-fix applied the safe fix
    assert (project / "model.py").read_text(encoding="utf-8") == FIXED
    assert (project / "vendored" / "third_party.py").read_text(encoding="utf-8") == BAD
    assert "analysis.ipynb:cell 1:3:5: JXP202" in output
    assert (project / "analysis.ipynb").read_text(encoding="utf-8") == NOTEBOOK.replace(
        '"    x.at[0]', '"    x = x.at[0]')

    git(project, env, "add", ".")
    second = try_repo(project, hooks, env)
    assert second.returncode == 0, second.stdout + second.stderr
    assert "JXP202" not in second.stdout
