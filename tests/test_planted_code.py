"""Checking a repository never runs its code (issue 15, items 1 and 2).

A repository plants modules that shadow the standard library and jaxpure's dependencies,
and a poisoned start-up code cache (``.jaxpure_cache/dataclass-code.*.marshal``, written by
jaxpure's own writer so its format is right for the version under test), both at the top
of the checked tree and in the working directory. Each planted piece writes a marker file
when it runs. ``jaxpure check`` (one job and a pool), ``python -m jaxpure``, the flake8
plugin (one and two jobs) and the pre-commit hook then check the tree: no marker appears.
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
JAXPURE = Path(sys.executable).with_name("jaxpure")
SHADOWED = ("multiprocessing", "libcst", "json", "pathspec", "dataclasses", "tomllib",
            "concurrent", "hashlib", "signal")
BAD = "import jax\n\n@jax.jit\ndef f{n}(x):\n    if x > 0:\n        return x\n    return -x\n"

pytestmark = pytest.mark.skipif(not JAXPURE.exists(), reason="no jaxpure script beside python")

# Records every text dataclasses compiles while jaxpure's engine is imported (the texts a
# poisoned cache must hold for the loader to run its code), one way of importing libcst.
RECORD = """
import builtins, dataclasses, json, sys
texts = []
real_exec = builtins.exec
def record(source, *args):
    if isinstance(source, str):
        texts.append(source)
    return real_exec(source, *args)
dataclasses.exec = record
if sys.argv[1] == "lazy":
    from jaxpure import lazy_libcst
    lazy_libcst.install()
else:
    import libcst
import jaxpure.cli, jaxpure.engine, jaxpure.flake8_plugin, jaxpure.runner
print(json.dumps(texts))
"""

POISON = """
import json, marshal, sys
from pathlib import Path
from jaxpure import fastimport
texts, marker, directories = json.loads(sys.stdin.read()), sys.argv[1], sys.argv[2:]
payload = f"open({marker!r}, 'a').write('code cache\\\\n')\\n"
table = {text: compile(payload + text, "<string>", "exec", dont_inherit=True) for text in texts}
for directory in directories:
    for variant in ("lazy", "full", "loaded"):
        fastimport._store(fastimport.code_cache_path(Path(directory), variant), table)
        # the name and format of the jaxpure before the fix, whatever this one writes
        name = f"dataclass-code.{sys.implementation.cache_tag}.{variant}.marshal"
        (Path(directory) / name).write_bytes(marshal.dumps((sys.version, table)))
"""


def plant(directory: Path, markers: Path) -> None:
    for name in SHADOWED:
        (directory / f"{name}.py").write_text(
            f"open({str(markers / name)!r}, 'a').write('imported\\n')\n", encoding="utf-8")
    (directory / ".jaxpure_cache").mkdir()


def poison_code_caches(directories: list[Path], marker: Path) -> None:
    texts: set[str] = set()
    for way in ("lazy", "plain"):
        done = subprocess.run([sys.executable, "-c", RECORD, way], capture_output=True,
                              text=True, check=True, cwd=ROOT)
        texts.update(json.loads(done.stdout))
    subprocess.run([sys.executable, "-c", POISON, str(marker), *map(str, directories)],
                   input=json.dumps(sorted(texts)), text=True, check=True, cwd=ROOT,
                   capture_output=True)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("hostile")
    markers = base / "markers"
    markers.mkdir()
    repo, elsewhere = base / "repo", base / "elsewhere"
    (repo / "pkg").mkdir(parents=True)
    elsewhere.mkdir()
    for n in range(12):  # enough files for a pool
        (repo / "pkg" / f"m{n}.py").write_text(BAD.format(n=n), encoding="utf-8")
    for directory in (repo, elsewhere):
        plant(directory, markers)
    poison_code_caches([repo / ".jaxpure_cache", elsewhere / ".jaxpure_cache"],
                       markers / "code-cache")
    user_cache = base / "user-cache"
    user_cache.mkdir(mode=0o700)
    return {"repo": repo, "elsewhere": elsewhere, "markers": markers, "user_cache": user_cache}


def environment(hostile: dict[str, Path]) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONSAFEPATH", "JAXPURE_CACHE_DIR")}
    env["JAXPURE_CODE_CACHE_DIR"] = str(hostile["user_cache"])
    return env


def assert_nothing_ran(hostile: dict[str, Path], done: subprocess.CompletedProcess) -> None:
    ran = sorted(path.name for path in hostile["markers"].iterdir())
    for path in hostile["markers"].iterdir():
        path.unlink()
    assert ran == [], f"planted code ran: {ran}\n{done.stdout}\n{done.stderr}"
    assert "JXP401" in done.stdout, (done.stdout, done.stderr)  # and the tree was checked


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_runs_nothing_from_the_checked_tree(hostile, jobs):
    done = subprocess.run([str(JAXPURE), "check", "--jobs", jobs, "."], cwd=hostile["repo"],
                          env=environment(hostile), capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert_nothing_ran(hostile, done)


def test_check_runs_nothing_from_the_working_directory(hostile):
    done = subprocess.run([str(JAXPURE), "check", "--jobs", "2", str(hostile["repo"])],
                          cwd=hostile["elsewhere"], env=environment(hostile),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert_nothing_ran(hostile, done)


def test_python_dash_m_jaxpure_runs_nothing_from_the_working_directory(hostile):
    done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--jobs", "2", "."],
                          cwd=hostile["repo"], env=environment(hostile),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert_nothing_ran(hostile, done)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_flake8_plugin_runs_nothing_from_the_checked_tree(hostile, jobs):
    # `python -P -m flake8` is what the flake8 script does: no working directory on sys.path
    done = subprocess.run([sys.executable, "-P", "-m", "flake8", "--select", "JXP", "-j", jobs,
                           "pkg"], cwd=hostile["repo"], env=environment(hostile),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert_nothing_ran(hostile, done)


def hook_entry() -> list[str]:
    """The `jaxpure` hook's entry and args from .pre-commit-hooks.yaml, without a YAML parser."""
    lines = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8").splitlines()
    start = lines.index("- id: jaxpure")
    entry = next(line for line in lines[start:] if line.strip().startswith("entry:"))
    words = entry.split(":", 1)[1].split("#")[0].split()
    assert words[0] == "jaxpure"
    return [str(JAXPURE), *words[1:]]


def test_the_pre_commit_hook_runs_nothing_from_the_checked_tree(hostile, tmp_path):
    """pre-commit runs the hook's entry from the repository's root with the changed files
    (a local `language: system` hook, so no network is needed); without pre-commit or git,
    the entry is run as pre-commit would run it."""
    repo = tmp_path / "repo"
    shutil.copytree(hostile["repo"], repo)
    env = environment(hostile)
    files = sorted(str(path.relative_to(repo)) for path in (repo / "pkg").glob("*.py"))
    if not shutil.which("git") or importlib.util.find_spec("pre_commit") is None:
        done = subprocess.run([*hook_entry(), *files], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, done.stderr
        assert_nothing_ran(hostile, done)
        return
    env.update({"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
                "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "PRE_COMMIT_COLOR": "never",
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
                "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"})
    env.pop("PRE_COMMIT", None)
    entry = " ".join(hook_entry())
    (repo / ".pre-commit-config.yaml").write_text(
        "repos:\n- repo: local\n  hooks:\n  - id: jaxpure\n    name: jaxpure\n"
        f"    entry: {entry}\n    language: system\n    types_or: [python, pyi]\n"
        "    require_serial: true\n", encoding="utf-8")
    for command in (["git", "init", "-q"], ["git", "add", "-A", "-f"]):
        subprocess.run(command, cwd=repo, env=env, check=True, capture_output=True)
    # -P: pre-commit's own imports must not come from the repository either (not ours)
    done = subprocess.run([sys.executable, "-P", "-m", "pre_commit", "run", "--all-files"],
                          cwd=repo, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert_nothing_ran(hostile, done)
