"""Which files ``jaxpure check`` finds: built-in skips, excludes, .gitignore, force-exclude."""

from __future__ import annotations

import os
from pathlib import Path

from cli_support import DISCARDED, run_in_process, write

from jaxpure.discovery import Excluder, discover


def found(root: Path, *paths: str, patterns: tuple[str, ...] = (), force: bool = False,
          gitignore: bool = True) -> list[str]:
    previous = os.getcwd()
    os.chdir(root)
    try:
        result = discover(list(paths) or ["."], Excluder(root, patterns, respect_gitignore=gitignore),
                          force_exclude=force)
    finally:
        os.chdir(previous)
    return sorted(p.as_posix() for p in result.files)


def test_python_files_only_and_sorted_relative_paths(tmp_path):
    write(tmp_path, {"a.py": "", "b.pyi": "", "c.txt": "", "pkg/d.py": "", "pkg/sub/e.py": ""})
    assert found(tmp_path) == ["a.py", "b.pyi", "pkg/d.py", "pkg/sub/e.py"]


def test_built_in_skips(tmp_path):
    write(tmp_path, {
        "keep.py": "",
        ".git/hooks/x.py": "", ".hg/x.py": "", "__pycache__/x.py": "", "build/x.py": "",
        "dist/x.py": "", "node_modules/x.py": "", ".jaxpure_cache/x.py": "", "x.egg-info/x.py": "",
        ".venv/lib/x.py": "", "venv/x.py": "", ".tox/x.py": "", ".nox/x.py": "",
        "myenv/pyvenv.cfg": "home = /usr\n", "myenv/lib/site.py": "",
    })
    assert found(tmp_path) == ["keep.py"]


def test_gitignore_nested_negated_and_info_exclude(tmp_path):
    write(tmp_path, {
        ".git/info/exclude": "local_only.py\n",
        ".gitignore": "generated/\n*_pb2.py\n",
        "a.py": "", "local_only.py": "", "generated/g.py": "", "api_pb2.py": "",
        "pkg/.gitignore": "scratch.py\n!keep_pb2.py\n",
        "pkg/scratch.py": "", "pkg/keep_pb2.py": "", "pkg/mod.py": "", "other/scratch.py": "",
    })
    assert found(tmp_path) == ["a.py", "other/scratch.py", "pkg/keep_pb2.py", "pkg/mod.py"]
    assert "generated/g.py" in found(tmp_path, gitignore=False)


def test_gitignore_above_the_walked_directory_applies(tmp_path):
    write(tmp_path, {".git/HEAD": "", ".gitignore": "/src/gen/\n", "src/a.py": "", "src/gen/b.py": ""})
    assert found(tmp_path / "src", ".") == ["a.py"]


def test_gitignore_outside_the_repository_does_not_apply(tmp_path):
    write(tmp_path, {".gitignore": "*.py\n", "repo/.git/HEAD": "", "repo/a.py": ""})
    assert found(tmp_path / "repo") == ["a.py"]


def test_a_named_directory_is_walked_even_if_ignored(tmp_path):
    # as ripgrep and ruff: naming a directory overrides the pattern that ignores it,
    # but other patterns still apply below it
    write(tmp_path, {".gitignore": "vendor/\n*_pb2.py\n", "vendor/lib.py": "", "vendor/x_pb2.py": ""})
    assert found(tmp_path) == []
    assert found(tmp_path, "vendor") == ["vendor/lib.py"]


def test_config_exclude_and_extend_exclude(tmp_path, capsys):
    write(tmp_path, {
        "pyproject.toml": '[tool.jaxpure]\nexclude = ["third_party/"]\nextend-exclude = ["*_gen.py"]\n',
        "a.py": DISCARDED, "third_party/t.py": DISCARDED, "pkg/x_gen.py": DISCARDED,
    })
    run = run_in_process(capsys, tmp_path, "check")
    assert run.out.splitlines()[0].startswith("a.py:") and len(run.out.splitlines()) == 1
    # built-in skips stay on when exclude is set
    write(tmp_path, {".venv/lib/v.py": DISCARDED})
    assert len(run_in_process(capsys, tmp_path, "check").out.splitlines()) == 1
    more = run_in_process(capsys, tmp_path, "check", "--extend-exclude", "a.py")
    assert more.code == 0


def test_explicit_files_are_checked_unless_force_exclude(tmp_path, capsys):
    write(tmp_path, {".gitignore": "ignored.py\n", "jaxpure.toml": 'exclude = ["gen/"]\n',
                     "ignored.py": DISCARDED, "gen/g.py": DISCARDED, "build/b.py": DISCARDED})
    assert found(tmp_path, "ignored.py", "gen/g.py", "build/b.py") == \
        ["build/b.py", "gen/g.py", "ignored.py"]
    assert found(tmp_path, "ignored.py", "gen/g.py", "build/b.py", "gen", patterns=("gen/",),
                 force=True) == []
    assert run_in_process(capsys, tmp_path, "check", "ignored.py").code == 1
    forced = run_in_process(capsys, tmp_path, "check", "--force-exclude", "ignored.py", "gen/g.py",
                            "build/b.py")
    assert (forced.code, forced.out) == (0, "")


def test_force_exclude_ignores_directories_above_the_project(tmp_path):
    # a project that itself lives under a directory named "build" is still checked
    project = tmp_path / "build" / "proj"
    write(project, {"a.py": ""})
    assert found(project, "a.py", force=True) == ["a.py"]


def test_duplicates_are_checked_once(tmp_path):
    write(tmp_path, {"a.py": "", "pkg/b.py": ""})
    assert found(tmp_path, "a.py", "./a.py", ".", "pkg") == ["a.py", "pkg/b.py"]


def test_symlinked_directories_are_followed_without_looping(tmp_path):
    write(tmp_path, {"real/a.py": ""})
    (tmp_path / "linked").symlink_to(tmp_path / "real", target_is_directory=True)
    (tmp_path / "real" / "loop").symlink_to(tmp_path / "real", target_is_directory=True)
    previous = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = discover(["."], Excluder(tmp_path))
    finally:
        os.chdir(previous)
    assert sorted(p.as_posix() for p in result.files) == ["linked/a.py", "real/a.py"]
    assert all("loop" in str(problem) and not problem.is_error for problem in result.problems)
    assert len(result.problems) == 2  # real/loop and linked/loop
