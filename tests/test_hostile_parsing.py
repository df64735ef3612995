"""Nothing the parser meets crashes or hangs the run (issue 15, items 3, 7 and 13).

libcst's native parser segfaulted on a 20,000-term ``and`` chain and 2,000 nested
parentheses (every other file's findings lost), took 92 s on a 5,000-term sum, and reported
valid Python as JXP001. Now: CPython's verdict decides what is a syntax error, anything
else that cannot be parsed is one line and exit 2, and every other file is checked.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jaxpure.engine import check_source
from jaxpure.parsing import MAX_NESTING, nesting_bound, nesting_depth

GOOD = "import jax\n\n@jax.jit\ndef f{n}(x):\n    if x > 0:\n        return x\n    return -x\n"
DEEP = {
    "and_chain.py": "import jax\nx = " + " and ".join(["a"] * 20_000) + "\n",
    "parentheses.py": "import jax\nx = " + "(" * 2_000 + "a" + ")" * 2_000 + "\n",
    "long_sum.py": "import jax\nx = " + " + ".join(["a"] * 5_000) + "\n",
}
# valid Python (CPython compiles it) that libcst's parser rejects, or once did
CPYTHON_ACCEPTS = {
    "form_feed": "import jax\ndef f(x):\n\x0c    def g():\n    \treturn x\n    return g\n",
    "tab_then_spaces": "import jax\ndef f(x):\n\x0c def g():\n \t return x\n",
    "adjacent_strings": "import jax\nx = (" + " ".join(["'a'"] * 10_000) + ")\n",
    "backslash_line": "import jax\ndef f(x):\n \\\n    return x\n",
    "backslash_at_end": "import jax\nif x:\n \\\n1",
}
NOT_PARSED = "libcst cannot parse (CPython accepts it)"


def write_tree(directory: Path, files: dict[str, str], good: int = 8) -> None:
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
    for n in range(good):  # enough files for --jobs 2 to start workers
        (directory / f"good{n}.py").write_text(GOOD.format(n=n), encoding="utf-8")


def run_check(directory: Path, jobs: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxpure", "check", "--no-cache", "--jobs", jobs,
                           "--output-format", "concise", "."], cwd=directory,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_deep_and_long_expressions_cost_only_their_file(tmp_path, jobs):
    write_tree(tmp_path, DEEP)
    started = time.monotonic()
    done = run_check(tmp_path, jobs)
    assert time.monotonic() - started < 60
    assert done.returncode == 2, done.stderr  # not -11 (a segfault), not a hang
    assert "Traceback" not in done.stderr
    assert done.stdout.count("JXP401") == 8  # every other file checked
    # CPython rejects the parentheses: a syntax error with CPython's message
    assert "parentheses.py:2:" in done.stdout and "too many nested parentheses" in done.stdout
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 2, done.stderr
    assert any("and_chain.py" in line and NOT_PARSED in line for line in errors)
    assert any("long_sum.py" in line for line in errors)


def test_flake8_with_two_jobs_does_not_hang_on_deep_files(tmp_path):
    # (the long sum is left out: flake8's own ast.parse gives up on it, a RecursionError
    # that ends the flake8 run before any plugin sees the file)
    write_tree(tmp_path, {name: DEEP[name] for name in ("and_chain.py", "parentheses.py")})
    done = subprocess.run([sys.executable, "-P", "-m", "flake8", "--select", "JXP", "-j", "2", "."],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stdout.count("JXP401") == 8
    assert "JXP000" in done.stdout and "and_chain.py:1:1: JXP000" in done.stdout
    (tmp_path / "long_sum.py").write_text(DEEP["long_sum.py"], encoding="utf-8")
    subprocess.run([sys.executable, "-P", "-m", "flake8", "--select", "JXP", "-j", "2", "."],
                   cwd=tmp_path, capture_output=True, timeout=120)  # ends, one way or another


def test_flake8_reports_a_file_it_cannot_check_and_goes_on(tmp_path):
    # (item 7) one finding-like line per such file; flake8's own E999 still reported
    write_tree(tmp_path, {"and_chain.py": DEEP["and_chain.py"],
                          "broken.py": "import jax\ndef f(:\n",
                          "latin.py": "# -*- coding: ascii -*-\nimport jax\nx = 'caf\u00e9'\n"},
               good=2)
    done = subprocess.run([sys.executable, "-P", "-m", "flake8", "--select", "JXP,E999", "-j", "1", "."],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr and "PluginExecutionFailed" not in done.stderr
    lines = done.stdout.splitlines()
    assert sum("JXP401" in line for line in lines) == 2
    assert any(line.startswith("./broken.py:") and "E999" in line for line in lines), lines
    assert any(line.startswith("./and_chain.py:1:1: JXP000 not checked by jaxpure: libcst")
               for line in lines), lines


@pytest.mark.parametrize("name", sorted(CPYTHON_ACCEPTS))
def test_jxp001_only_when_cpython_rejects_the_file(name):
    source = CPYTHON_ACCEPTS[name]
    compile(source, name, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)  # valid Python
    result = check_source(source, f"{name}.py")
    assert [f.code for f in result.findings if f.code == "JXP001"] == []
    assert result.error is None or result.error.startswith(NOT_PARSED), result.error


def test_a_file_cpython_rejects_is_still_jxp001():
    result = check_source("import jax\ndef f(:\n", "bad.py")
    assert [(f.code, f.location.row) for f in result.findings] == [("JXP001", 2)]
    deep = check_source(DEEP["parentheses.py"], "deep.py")
    assert [f.code for f in deep.findings] == ["JXP001"]
    assert "too many nested parentheses" in deep.findings[0].message


def test_the_cli_reports_valid_python_libcst_cannot_parse_as_an_error(tmp_path):
    (tmp_path / "form_feed.py").write_text(CPYTHON_ACCEPTS["form_feed"], encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--no-cache", "form_feed.py"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "JXP001" not in done.stdout
    assert f"form_feed.py: {NOT_PARSED}" in done.stderr


def test_nesting_depth_counts_what_nests_in_libcst():
    assert nesting_depth("x = f(a)(b).c[1]\n") == 5
    assert nesting_depth("x = [1, 2, 3]\ny = {'a': 1, 'b': 2}\n") == 1
    assert nesting_depth("x = a < b < c < d\n") == 0  # a comparison chain is flat
    assert nesting_depth("x = ('a' 'b' 'c')\n") == 3  # adjacent strings nest
    assert nesting_depth("s = '((((' + \"]]\" # (((( \n") == 1  # strings, comments skipped
    assert nesting_depth("x = (a +\n b +\n c)\n") == 3  # lines inside brackets continue
    assert nesting_depth("x = a + b\ny = c + d\n") == 1  # a statement starts afresh
    assert nesting_depth(" + ".join(["a"] * 5_000)) == 4_999 > MAX_NESTING
    # names are skipped inside the regex: prefixed strings still nest, keywords still count,
    # names that start like keywords do not
    assert nesting_depth("x = ('a' rb'b' f'c' u'd')\n") == 4
    assert nesting_depth("x = a and not b or c if d else e\n") == 5
    assert nesting_depth("x = android + notable + ifx + orbit\n") == 3


def test_real_code_is_far_below_the_limit():
    for path in sorted(Path(__file__).resolve().parent.parent.joinpath("jaxpure").rglob("*.py")):
        assert nesting_depth(path.read_text(encoding="utf-8")) < MAX_NESTING // 10, path


BOUND_SAMPLES = [
    "x = f(a)(b).c[1]\n", "x = ('a' rb'b' f'c' u'd')\n", "x = a and not b or c if d else e\n",
    "x = (a +\n b +\n c)\n", "x = a + \\\n b + \\\r\n c\n", "s = '((((' + \"]]\" # (((( \n",
    "x = '''a\n(((''' + \"\"\"b\\\"\"\"\" + 1\n", "x = 'unterminated ((( + \n",
    "x = vector < vector < vector < y\n",  # keywords inside names the exact scan counts
    "x = 1e-5 + 2.5j - .5\n", "x = [\n  a.b.c(d)[e],\n  f ** g // h,\n]\n", "x = (a)]\n",
    *DEEP.values(), *CPYTHON_ACCEPTS.values(),
]
JUNK = ["(", ")", "]", ":", ",", " ", "\t", "\\", "\\\n", "'", '"', "'''", "#", "\n", "\r",
        "and", "lambda", "x.", "f'{", "<", "=", "1e-"]


def test_the_cheap_bound_is_never_below_the_depth():
    # parse_module trusts nesting_bound below the limit: it must never say less
    root = Path(__file__).resolve().parent.parent
    texts = list(BOUND_SAMPLES)
    rng = random.Random(15)
    for path in sorted(root.joinpath("jaxpure").rglob("*.py"))[::3]:
        text = path.read_text(encoding="utf-8")
        texts.append(text)
        for _ in range(6):
            at = rng.randrange(len(text) + 1)
            texts.append(text[:at] + rng.choice(JUNK) * rng.randrange(1, 4) + text[at:])
            texts.append(text[:at] + text[at + rng.randrange(1, 40):])
    for text in texts:
        assert nesting_bound(text) >= nesting_depth(text), text[:200]
    # and it is close enough to spare the exact scan on real code
    for path in sorted(root.joinpath("jaxpure").rglob("*.py")):
        assert nesting_bound(path.read_text(encoding="utf-8")) < MAX_NESTING // 4, path
