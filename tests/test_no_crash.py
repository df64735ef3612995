"""The checker never crashes: on real installed packages, and on generated JAX-like code.

CI runs a bounded sample; `pytest -m slow` runs the full trees and more generated cases.
"""

from __future__ import annotations

import importlib.util
import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaxpure.engine import check_source
from jaxpure.settings import Settings

SAMPLE = 120  # files per CI run, chosen deterministically


def package_files(*names: str) -> list[Path]:
    files: list[Path] = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            continue
        for location in spec.submodule_search_locations:
            files.extend(sorted(Path(location).rglob("*.py")))
    return files


def assert_checks_cleanly(path: Path) -> None:
    result = check_source(path.read_bytes(), str(path), Settings())
    assert result.error is None or result.error.startswith(("skipped", "cannot decode")), (
        f"{path}: {result.error}"
    )
    for finding in result.findings:
        assert finding.location.row >= 1 and finding.location.column >= 1


def _sample(files: list[Path], size: int) -> list[Path]:
    return sorted(random.Random(0).sample(files, min(size, len(files))))


INSTALLED = package_files("jax", "libcst", "flax", "equinox", "optax")


@pytest.mark.skipif(not INSTALLED, reason="no package tree to check")
@pytest.mark.parametrize("path", _sample(INSTALLED, SAMPLE), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_crash_on_installed_packages(path: Path) -> None:
    assert_checks_cleanly(path)


@pytest.mark.slow
@pytest.mark.skipif(not INSTALLED, reason="no package tree to check")
def test_no_crash_on_every_installed_file() -> None:
    for path in INSTALLED:
        assert_checks_cleanly(path)


# -- generated code: JAX-flavoured statements in random nestings ---------------------------

NAMES = st.sampled_from(["x", "y", "key", "state", "params", "n", "i", "CACHE", "scale"])
EXPRESSIONS = st.sampled_from([
    "x + 1", "x[i]", "x[:n]", "x.shape[0]", "jnp.sum(x)", "jax.random.normal(key, (3,))",
    "jax.random.split(key)", "state['count']", "params.get('w', 0.0)", "x.at[0].set(1.0)",
    "len(x)", "x > 0", "float(x)", "int(n)", "np.asarray(x)", "lambda v: v * 2",
    "lax.cond(x > 0, lambda: x, lambda: -x)", "x if x > 0 else y", "not x", "x and y",
    "[x, y]", "{'a': x}", "jax.jit(lambda v: v)(x)", "range(n)", "print(x)",
])
STATEMENTS = st.one_of(
    st.tuples(NAMES, EXPRESSIONS).map(lambda p: f"{p[0]} = {p[1]}"),
    st.tuples(NAMES, EXPRESSIONS).map(lambda p: f"{p[0]}[0] = {p[1]}"),
    st.tuples(NAMES, EXPRESSIONS).map(lambda p: f"{p[0]} += {p[1]}"),
    EXPRESSIONS.map(lambda e: f"{e}"),
    NAMES.map(lambda n: f"global {n}"),
    NAMES.map(lambda n: f"CACHE.append({n})"),
    st.just("return x"),
    st.just("x.at[1].add(2.0)"),
)


@st.composite
def blocks(draw, depth: int = 0) -> str:
    lines: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["stmt", "stmt", "if", "for", "while", "def"] if depth < 2 else ["stmt"]))
        if kind == "stmt":
            lines.append(draw(STATEMENTS))
            continue
        header = {
            "if": f"if {draw(EXPRESSIONS)}:",
            "for": f"for {draw(NAMES)} in {draw(EXPRESSIONS)}:",
            "while": f"while {draw(EXPRESSIONS)}:",
            "def": f"def {draw(st.sampled_from(['body', 'helper', 'step']))}(c, {draw(NAMES)}):",
        }[kind]
        lines.append(header)
        lines.append(textwrap.indent(draw(blocks(depth + 1)), "    "))
    return "\n".join(lines)


@st.composite
def modules(draw) -> str:
    decorator = draw(st.sampled_from([
        "@jax.jit", "@partial(jax.jit, static_argnums=1)", "@jax.vmap", "@jax.grad", "",
    ]))
    body = textwrap.indent(draw(blocks()), "    ")
    tail = draw(st.sampled_from(["", "g = jax.jit(f)\n", "lax.scan(f, 0.0, None)\n", "scale = 3.0\n"]))
    return (
        "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom functools import partial\n"
        "from jax import lax\nCACHE = []\nscale = 2.0\n\n"
        f"{decorator}\ndef f(x, n, key=None, state=None, params=None, y=None, i=0):\n{body}\n\n{tail}"
    )


def _check_generated(source: str) -> None:
    result = check_source(source, "generated.py", Settings())
    assert result.error is None, f"{result.error}\n{source}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_no_crash_on_generated_code(source: str) -> None:
    _check_generated(source)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_no_crash_on_generated_code_long(source: str) -> None:
    _check_generated(source)
