"""`jaxpure check --fix --verify`: each applied fix is run under JAX against the original."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAIR = ROOT / "fixtures" / "verify" / "jxp201_inplace_assign"

pytestmark = [
    pytest.mark.verify,
    pytest.mark.skipif(importlib.util.find_spec("jax") is None, reason="needs jax"),
]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jaxpure", "check", "--no-cache", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=300)


def test_applied_fix_is_verified_under_jax(tmp_path: Path) -> None:
    for name in ("bad.py", "jaxpure_examples.py"):
        shutil.copy(PAIR / name, tmp_path / name)
    proc = run("--fix", "--unsafe-fixes", "--verify", "bad.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "x = x.at[0].set(0.0)" in (tmp_path / "bad.py").read_text()
    assert "bad.py:7: fix verified: bad.py::zero_first" in proc.stderr


def test_verify_without_fix_is_a_usage_error(tmp_path: Path) -> None:
    shutil.copy(PAIR / "bad.py", tmp_path / "bad.py")
    proc = run("--verify", "bad.py", cwd=tmp_path)
    assert proc.returncode == 2
    assert "use it with --fix" in proc.stderr
