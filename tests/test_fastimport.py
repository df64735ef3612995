"""The code cache that speeds up importing the engine (jaxpure/fastimport.py).

Each case runs in a fresh interpreter: the test process has imported the engine already.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from jaxpure.fastimport import code_cache_path

IMPORT_SCRIPT = """
import dataclasses, json, sys
from pathlib import Path
if sys.argv[3] == "plain":
    import libcst  # imported before the engine: the ordinary, complete libcst
from jaxpure.fastimport import import_engine
compiled = import_engine(None if sys.argv[1] == "-" else Path(sys.argv[1]))
import libcst
metadata_imported = "libcst.metadata" in sys.modules  # before a finding needs positions
from jaxpure.engine import check_source
from jaxpure.settings import Settings
def frozen():
    try:
        libcst.Name("x").value = "y"
    except dataclasses.FrozenInstanceError:
        return True
    return False
result = check_source(sys.argv[2], "example.py", Settings())
print(json.dumps({
    "compiled": compiled,
    "hook_left": "exec" in vars(dataclasses),
    "findings": [(f.code, f.location.row, f.location.column) for f in result.findings],
    "node_repr": repr(libcst.Name("x")),
    "deep_equal": libcst.Name("x").deep_equals(libcst.Name("x")),
    "frozen": frozen(),
    "lazy": getattr(libcst, "__jaxpure_lazy__", False),
    "metadata_imported": metadata_imported,
}))
"""

SOURCE = """\
import jax

@jax.jit
def f(x, key):
    a = jax.random.normal(key, (3,))
    b = jax.random.normal(key, (3,))
    if x > 0:
        x = x + 1
    return a + b + x
"""


def run_import(cache_dir: Path | None, libcst: str = "lazy") -> dict:
    done = subprocess.run([sys.executable, "-c", IMPORT_SCRIPT, str(cache_dir or "-"), SOURCE, libcst],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_second_import_compiles_nothing_and_behaves_the_same(tmp_path: Path) -> None:
    first = run_import(tmp_path)
    assert first["compiled"] > 500  # libcst's node classes and the engine's own dataclasses
    assert code_cache_path(tmp_path).is_file()
    second = run_import(tmp_path)
    assert second["compiled"] == 0
    uncached = run_import(None)
    for run in (first, second, uncached):
        assert run["hook_left"] is False
        assert run["lazy"] is True and run["metadata_imported"] is False
    assert first["findings"] == second["findings"] == uncached["findings"]
    assert {code for code, _, _ in second["findings"]} == {"JXP301", "JXP401"}
    assert second["node_repr"] == uncached["node_repr"]
    assert second["deep_equal"] is second["frozen"] is True


def test_corrupt_cache_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    code_cache_path(tmp_path).write_bytes(b"\x00not marshal data")
    assert run_import(tmp_path)["compiled"] > 500
    assert run_import(tmp_path)["compiled"] == 0


def test_each_way_of_importing_libcst_keeps_its_own_code_cache(tmp_path: Path) -> None:
    # a flake8 process whose other plugins imported libcst first must not make the next
    # lazy CLI run recompile everything (and the other way round)
    assert run_import(tmp_path)["compiled"] > 500
    plain = run_import(tmp_path, libcst="plain")
    assert plain["lazy"] is False and plain["compiled"] > 0
    assert code_cache_path(tmp_path, "loaded").is_file()
    assert run_import(tmp_path)["compiled"] == 0
    assert run_import(tmp_path, libcst="plain")["compiled"] == 0


def test_lazy_and_complete_libcst_give_the_same_findings(tmp_path: Path) -> None:
    lazy, plain = run_import(None), run_import(None, libcst="plain")
    assert lazy["lazy"] is True and plain["lazy"] is False
    assert lazy["findings"] == plain["findings"]
    assert lazy["node_repr"] == plain["node_repr"]


def test_no_directory_is_created_for_the_code_cache(tmp_path: Path) -> None:
    # the result cache creates its directory with CACHEDIR.TAG; the code cache only joins it
    assert run_import(tmp_path / "missing")["compiled"] > 500
    assert not (tmp_path / "missing").exists()


def test_check_writes_the_code_cache_in_the_user_cache_not_beside_the_results(tmp_path: Path) -> None:
    # the result cache may be in the checked tree (.jaxpure_cache, or --cache-dir from a
    # repository's pre-commit config): code loaded from there would be the repository's
    example = tmp_path / "example.py"
    example.write_text(SOURCE)
    cache_dir, user_dir = tmp_path / "cache", tmp_path / "user"
    env = {**os.environ, "JAXPURE_CODE_CACHE_DIR": str(user_dir)}
    for attempt in range(2):
        example.write_text(SOURCE + f"# edit {attempt}\n")  # a changed file misses the result cache
        done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--isolated",
                               "--cache-dir", str(cache_dir), str(example)],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 1, done.stderr
    assert code_cache_path(user_dir).is_file()
    assert stat.S_IMODE(user_dir.stat().st_mode) == 0o700
    assert not list(cache_dir.glob("dataclass-code*"))
    assert (cache_dir / "CACHEDIR.TAG").is_file()


EARLY_SCRIPT = """
import dataclasses, json, sys
from pathlib import Path
from jaxpure import fastimport
fastimport.start(Path(sys.argv[1]))
import jaxpure.findings, jaxpure.settings  # the CLI's own dataclasses, before the engine
compiled = fastimport.import_engine(Path(sys.argv[2]))
from jaxpure.findings import Location
print(json.dumps({"compiled": compiled, "hook_left": "exec" in vars(dataclasses),
                  "location": repr(Location(3, 4)), "equal": Location(3, 4) == Location(3, 4)}))
"""


def run_early(guessed: Path, actual: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", EARLY_SCRIPT, str(guessed), str(actual)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_texts_compiled_before_the_engine_join_the_code_cache(tmp_path: Path) -> None:
    first = run_early(tmp_path, tmp_path)
    second = run_early(tmp_path, tmp_path)
    assert first["compiled"] > 500 and second["compiled"] == 0
    assert first["hook_left"] is second["hook_left"] is False
    assert second["location"] == first["location"] and second["equal"] is True


def test_a_wrong_guess_of_the_cache_directory_costs_only_compilation(tmp_path: Path) -> None:
    assert run_early(tmp_path, tmp_path)["compiled"] > 500
    wrong = run_early(tmp_path / "elsewhere", tmp_path)
    # the CLI's own texts are compiled again; libcst's and the engine's come from the file
    assert 0 < wrong["compiled"] < 100
    assert wrong["hook_left"] is False and wrong["equal"] is True
    assert not (tmp_path / "elsewhere").exists()
    assert run_early(tmp_path, tmp_path)["compiled"] == 0


def test_a_file_with_a_wrong_digest_is_ignored_and_rewritten(tmp_path: Path) -> None:
    run_import(tmp_path)
    path = code_cache_path(tmp_path)
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # one bit of the marshal data
    path.write_bytes(bytes(data))
    assert run_import(tmp_path)["compiled"] > 500
    assert run_import(tmp_path)["compiled"] == 0


def test_a_file_written_for_another_version_is_ignored(tmp_path: Path) -> None:
    # as an older jaxpure wrote it: (sys.version, table), no header
    import marshal

    code_cache_path(tmp_path).write_bytes(marshal.dumps((sys.version, {})))
    assert run_import(tmp_path)["compiled"] > 500


def test_a_file_others_can_write_is_never_loaded(tmp_path: Path) -> None:
    run_import(tmp_path)
    path = code_cache_path(tmp_path)
    path.chmod(0o664)  # group-writable: someone else could have put their code in it
    assert run_import(tmp_path)["compiled"] > 500
    path.unlink()
    run_import(tmp_path)
    tmp_path.chmod(0o777)  # a directory others can write: they could swap the file
    try:
        assert run_import(tmp_path)["compiled"] > 500
    finally:
        tmp_path.chmod(0o700)


def test_the_code_cache_directory_is_the_users(tmp_path: Path, monkeypatch) -> None:
    from jaxpure.fastimport import DIRECTORY_VARIABLE, code_cache_dir

    monkeypatch.delenv(DIRECTORY_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert code_cache_dir() == tmp_path / "xdg" / "jaxpure"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # would be inside the working directory
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert code_cache_dir() == tmp_path / "home" / ".cache" / "jaxpure"
    monkeypatch.setenv(DIRECTORY_VARIABLE, ".jaxpure_cache")
    assert code_cache_dir() is None
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    monkeypatch.setenv(DIRECTORY_VARIABLE, str(shared))
    assert code_cache_dir() is None
