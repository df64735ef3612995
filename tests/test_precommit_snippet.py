"""The pre-commit snippet of docs/integrations.md, as written, with its `rev` a commit sha.

The snippet is taken from the docs; only the repository URL (a local snapshot of this
working tree, see test_precommit.py) and `<commit sha>` (that snapshot's commit) are filled
in. `pre-commit run` then clones it at that commit and pip-installs jaxpure (needs PyPI).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from test_precommit import (BAD, ROOT, consumer_repository, git_env, hook_repository,
                            pre_commit_command)
from test_precommit import pytestmark as precommit_marks

pytestmark = [*precommit_marks, pytest.mark.slow]  # pip installs jaxpure: tens of seconds


def documented_snippet() -> str:
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    section = text.split("## pre-commit", 1)[1]
    match = re.search(r"```yaml\n(.*?)```", section, re.DOTALL)
    assert match is not None, "no yaml block under ## pre-commit"
    return match.group(1)


def test_the_documented_snippet_pinned_to_a_commit_runs(tmp_path: Path) -> None:
    snippet = documented_snippet()
    assert "rev: <commit sha>" in snippet
    env = git_env(tmp_path)
    hooks = hook_repository(tmp_path, env)
    sha = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hooks, env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    project = consumer_repository(tmp_path, env)
    config = snippet.replace("https://github.com/jaxpure/jaxpure", str(hooks))
    (project / ".pre-commit-config.yaml").write_text(config.replace("<commit sha>", sha),
                                                     encoding="utf-8")
    run = subprocess.run([*pre_commit_command(), "run", "--all-files", "--color", "never"],
                         cwd=project, env=env, capture_output=True, text=True, timeout=900)
    output = run.stdout + run.stderr
    assert run.returncode == 1, output
    assert "model.py:3:5: JXP202" in output
    assert (project / "model.py").read_text(encoding="utf-8") == BAD  # `jaxpure` only reports
