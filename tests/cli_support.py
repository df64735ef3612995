"""Helpers shared by the CLI, config, discovery, cache and bad-input tests."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from jaxpure.cli import main

# JXP202 with a safe fix: a discarded `.at` update inside a function, in a file importing jax.
DISCARDED = "import jax\n\ndef f(x):\n    x.at[0].set(1.0)\n    return x\n"
DISCARDED_FIXED = "import jax\n\ndef f(x):\n    x = x.at[0].set(1.0)\n    return x\n"
# JXP201 on a traced parameter: its fix (x = x.at[0].set(...)) is unsafe.
UNSAFE_ONLY = "import jax\n\n@jax.jit\ndef f(x):\n    x[0] = 1.0\n    return x\n"
CLEAN = "import jax\n\ndef f(x):\n    return x + 1\n"


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)


def run_in_process(capsys, cwd: Path, *args: str) -> Run:
    """``main([...])`` in this process (cwd changed for the call), with captured output."""
    previous = os.getcwd()
    os.chdir(cwd)
    try:
        code = main(list(args))
    finally:
        os.chdir(previous)
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)


def run_subprocess(cwd: Path, *args: str, stdin: bytes | None = None) -> Run:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("JAXPURE_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-m", "jaxpure", *args], cwd=cwd, input=stdin,
                          capture_output=True, env=env, timeout=300)
    return Run(done.returncode, done.stdout.decode(), done.stderr.decode())
