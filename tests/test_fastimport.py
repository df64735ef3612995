"""The code cache that speeds up importing the engine (jaxpure/fastimport.py).

Each case runs in a fresh interpreter: the test process has imported the engine already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from jaxpure.fastimport import code_cache_path

IMPORT_SCRIPT = """
import dataclasses, json, sys
from pathlib import Path
from jaxpure.fastimport import import_engine
compiled = import_engine(Path(sys.argv[1]))
import libcst
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


def run_import(cache_file: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", IMPORT_SCRIPT, str(cache_file), SOURCE],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_second_import_compiles_nothing_and_behaves_the_same(tmp_path: Path) -> None:
    cache_file = code_cache_path(tmp_path)
    first = run_import(cache_file)
    assert first["compiled"] > 500  # libcst's node classes and the engine's own dataclasses
    assert cache_file.is_file()
    second = run_import(cache_file)
    assert second["compiled"] == 0
    uncached = json.loads(subprocess.run(
        [sys.executable, "-c", IMPORT_SCRIPT.replace("Path(sys.argv[1])", "None"), "-", SOURCE],
        capture_output=True, text=True, check=True).stdout)
    for run in (first, second, uncached):
        assert run["hook_left"] is False
    assert first["findings"] == second["findings"] == uncached["findings"]
    assert {code for code, _, _ in second["findings"]} == {"JXP301", "JXP401"}
    assert second["node_repr"] == uncached["node_repr"]
    assert second["deep_equal"] is second["frozen"] is True


def test_corrupt_cache_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    cache_file = code_cache_path(tmp_path)
    cache_file.write_bytes(b"\x00not marshal data")
    assert run_import(cache_file)["compiled"] > 500
    assert run_import(cache_file)["compiled"] == 0


def test_no_directory_is_created_for_the_code_cache(tmp_path: Path) -> None:
    # the result cache creates its directory with CACHEDIR.TAG; the code cache only joins it
    cache_file = code_cache_path(tmp_path / "missing")
    assert run_import(cache_file)["compiled"] > 500
    assert not (tmp_path / "missing").exists()


def test_check_writes_the_code_cache_beside_the_results(tmp_path: Path) -> None:
    example = tmp_path / "example.py"
    example.write_text(SOURCE)
    cache_dir = tmp_path / "cache"
    for attempt in range(2):
        example.write_text(SOURCE + f"# edit {attempt}\n")  # a changed file misses the result cache
        done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--isolated",
                               "--cache-dir", str(cache_dir), str(example)],
                              capture_output=True, text=True)
        assert done.returncode == 1, done.stderr
    assert code_cache_path(cache_dir).is_file()
    assert (cache_dir / "CACHEDIR.TAG").is_file()
