"""The analysis is built in one-way layers (docs: ../shared/design/analysis-layers.md §4).

Each expectation the tree does not meet yet is listed in a KNOWN_* set and marked
``xfail(strict=True)``: when a refactoring step meets it, the test passes unexpectedly and
fails, so the entry must be removed from the set. The sets only shrink.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jaxpure"

# (module prefix, layer): a module's layer is that of its longest matching prefix
LAYERS = [
    ("jaxpure.analysis.catalog", 0), ("jaxpure.analysis.lattice", 0),
    ("jaxpure.analysis.syntax", 1),
    ("jaxpure.analysis.module.facts", 3), ("jaxpure.analysis.module", 2),
    ("jaxpure.analysis.flow", 4),
    ("jaxpure.analysis.context", 5),
    ("jaxpure.analysis.queries", 6),
    ("jaxpure.analysis.pipeline", 7), ("jaxpure.analysis", 7),
    ("jaxpure.rules", 8),
]
# imports allowed between modules of one layer (importer -> imported prefixes)
WITHIN = {
    # the walker knows no part's content; the parts see each other only where said
    "jaxpure.analysis.flow.walker": ("jaxpure.analysis.flow.domain",
                                     "jaxpure.analysis.flow.keystate",
                                     "jaxpure.analysis.flow.first_iteration"),
    # the walker's expressions: alternatives are paths (paths.py), narrowed by their tests
    "jaxpure.analysis.flow.expressions": ("jaxpure.analysis.flow.domain",
                                          "jaxpure.analysis.flow.base",
                                          "jaxpure.analysis.flow.paths",
                                          "jaxpure.analysis.flow.narrowing"),
    "jaxpure.analysis.flow.key_loops": ("jaxpure.analysis.flow.domain",
                                        "jaxpure.analysis.flow.keystate",
                                        "jaxpure.analysis.flow.base",
                                        "jaxpure.analysis.flow.keys"),
    "jaxpure.analysis.flow.callsites": ("jaxpure.analysis.flow.domain",
                                        "jaxpure.analysis.flow.keystate",
                                        "jaxpure.analysis.flow.base",
                                        "jaxpure.analysis.flow.kinds",
                                        "jaxpure.analysis.flow.given",
                                        "jaxpure.analysis.flow.layouts",
                                        "jaxpure.analysis.flow.forwarded_kwargs",
                                        # locals tied to a flag the call hands on too
                                        "jaxpure.analysis.flow.flag_paths"),
    # a test's idioms and compared results ask the assertions of a block
    "jaxpure.analysis.flow.key_idioms": ("jaxpure.analysis.flow.base",
                                         "jaxpure.analysis.flow.assertions"),
    # what a helper returns, read for infer's calls (returns.py, returned_kind.py)
    # and what an attribute of a value of a class not shown is (members.py), and the kinds
    # of the parts of a structure its callers built (layouts.py)
    "jaxpure.analysis.flow.infer": ("jaxpure.analysis.flow.domain",
                                    "jaxpure.analysis.flow.returns",
                                    "jaxpure.analysis.flow.returned_kind",
                                    "jaxpure.analysis.flow.members",
                                    "jaxpure.analysis.flow.layouts",
                                    "jaxpure.analysis.flow.comprehensions"),
    # what a module's functions return, read at summary time as infer reads its helpers'
    "jaxpure.analysis.flow.exported_returns": ("jaxpure.analysis.flow.domain",
                                               "jaxpure.analysis.flow.infer",
                                               "jaxpure.analysis.flow.returned_kind"),
    # the narrowing of a test: by what traced calls fill (given.py), what a value's form
    # says of its dtype (dtypes.py), and the truth of a flag read from the defining
    # function (closure_flags.py)
    "jaxpure.analysis.flow.narrowing": ("jaxpure.analysis.flow.domain",
                                        "jaxpure.analysis.flow.given",
                                        "jaxpure.analysis.flow.dtypes",
                                        "jaxpure.analysis.flow.closure_flags"),
    # what traced calls fill (given.py): recorded by callsites.py, asked at `if x is None:`;
    # the layouts of locals (layouts.py): bound by kinds.py, joined by paths.py; what a
    # value's form says of its dtype (dtypes.py): asked by given.py, at `if issubdtype(...)`
    "jaxpure.analysis.flow": ("jaxpure.analysis.flow.domain", "jaxpure.analysis.flow.keystate",
                              "jaxpure.analysis.flow.base", "jaxpure.analysis.flow.infer",
                              "jaxpure.analysis.flow.given", "jaxpure.analysis.flow.members",
                              "jaxpure.analysis.flow.layouts", "jaxpure.analysis.flow.dtypes"),
    "jaxpure.analysis.module.facts": ("jaxpure.analysis.module",),
    # fact builders use each other's types and answers; none may import facts.py (above them)
    "jaxpure.analysis.module": ("jaxpure.analysis.module",),
    "jaxpure.analysis.catalog": ("jaxpure.analysis.catalog",),
    # node shapes: the parts build on each other (blocks.py on nodes.py), the package re-exports them
    "jaxpure.analysis.syntax": ("jaxpure.analysis.syntax",),
    "jaxpure.analysis.queries": ("jaxpure.analysis.queries",),
    "jaxpure.rules": ("jaxpure.rules.base", "jaxpure.rules._shared"),
}
RULE_IMPORTS = ("jaxpure.analysis", "jaxpure.rules.base", "jaxpure.rules._shared")
MAX_LINES, MAX_RULE_LINES, MAX_RULE_CODE = 600, 400, 200
WALKS = ("while stack", "children(", "child_fields(", "statements(")

# today's shortfalls, removed one by one as the refactoring meets them
KNOWN_DOWNWARD: set[str] = {  # the walk still reads and writes the Context (step 4's seams)
    "jaxpure.analysis.flow.base",
    "jaxpure.analysis.flow.key_loops",
    "jaxpure.analysis.flow.keys", "jaxpure.analysis.flow.kinds", "jaxpure.analysis.flow.walker",
}
KNOWN_RULE_IMPORTS: set[str] = set()  # every rule asks the face (step 5)
KNOWN_LARGE: set[str] = set()  # effects.py dissolved into queries/ (step 5)
KNOWN_LARGE_RULES: set[str] = set()
KNOWN_WALKING_RULES: set[str] = set()


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


@functools.lru_cache(maxsize=None)
def imports(path: Path) -> set[str]:
    """Every jaxpure module the file imports, wherever the import stands (in a function,
    under TYPE_CHECKING): ``from a import b`` counts as ``a.b`` when that is a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            if not all(n in MODULES for n in names):
                names.append(node.module)  # `from pkg import submodule` imports the submodule
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found.update(n for n in names if n.startswith("jaxpure") and n in MODULES)
    return found


def layer(name: str) -> int | None:
    best = None
    for prefix, level in LAYERS:
        if (name == prefix or name.startswith(prefix + ".")) and (
                best is None or len(prefix) > len(best[0])):
            best = (prefix, level)
    return best[1] if best else None


def allowed_within(importer: str, imported: str) -> bool:
    for prefix, targets in WITHIN.items():
        if importer == prefix or importer.startswith(prefix + "."):
            return any(imported == t or imported.startswith(t + ".") for t in targets)
    return False


def python_files(under: str) -> list[Path]:
    return sorted((PACKAGE / under).rglob("*.py"))


MODULES = {module_name(p) for p in PACKAGE.rglob("*.py")}
ANALYSIS = [p for p in python_files("analysis")]
RULES = [p for p in python_files("rules")
         if p.name.startswith("jxp")]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def expect(condition_known: bool):
    return [pytest.mark.xfail(strict=True, reason="not yet refactored")] if condition_known \
        else []


def downward_violations(path: Path) -> list[str]:
    name = module_name(path)
    mine = layer(name)
    bad = []
    for target in sorted(imports(path)):
        theirs = layer(target)
        if mine is None or theirs is None or target == name:
            continue
        if name.startswith(target + ".") and path.name == "__init__.py":
            continue
        if theirs > mine or (theirs == mine and not allowed_within(name, target)):
            bad.append(target)
    return bad


@pytest.mark.parametrize("path", [
    pytest.param(p, id=module_name(p), marks=expect(module_name(p) in KNOWN_DOWNWARD))
    for p in ANALYSIS if p.name != "__init__.py" or p.parent.name != "analysis"])
def test_imports_go_down(path):
    assert downward_violations(path) == []


def test_nothing_in_the_analysis_imports_rules_or_the_engine():
    for path in ANALYSIS:
        bad = [t for t in imports(path) if t.startswith(("jaxpure.rules", "jaxpure.engine",
                                                          "jaxpure.runner", "jaxpure.verify"))]
        assert bad == [], rel(path)


def test_catalog_imports_nothing_from_jaxpure():
    for path in python_files("analysis/catalog") if (PACKAGE / "analysis/catalog").exists() \
            else []:
        assert [t for t in imports(path) if not t.startswith("jaxpure.analysis.catalog")] \
            == [], rel(path)


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.stem, marks=expect(rel(p) in KNOWN_RULE_IMPORTS)) for p in RULES])
def test_rules_import_only_the_face(path):
    bad = [t for t in imports(path)
           if not any(t == allowed or t.startswith(allowed + ".") and allowed != "jaxpure.analysis"
                      for allowed in RULE_IMPORTS)]
    assert bad == []


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.stem, marks=expect(rel(p) in KNOWN_WALKING_RULES)) for p in RULES])
def test_rules_walk_no_trees(path):
    text = path.read_text(encoding="utf-8")
    assert [w for w in WALKS if w in text] == []


def code_lines(path: Path) -> int:
    """Lines outside the docstrings and the VALID/INVALID example strings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            prose.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in ("VALID", "INVALID") for t in node.targets):
            prose.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for i, line in enumerate(lines, start=1) if i not in prose and line.strip())


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.stem, marks=expect(rel(p) in KNOWN_LARGE_RULES)) for p in RULES])
def test_rules_stay_small(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_RULE_LINES
    assert code_lines(path) <= MAX_RULE_CODE


@pytest.mark.parametrize("path", [
    pytest.param(p, id=rel(p), marks=expect(rel(p) in KNOWN_LARGE))
    for p in ANALYSIS + python_files("rules")])
def test_files_stay_small(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_no_string_keyed_state():
    users = [rel(p) for p in PACKAGE.rglob("*.py") if "ctx.state(" in p.read_text("utf-8")]
    assert users == []


def test_the_layer_table_knows_every_analysis_module():
    assert all(layer(module_name(p)) is not None for p in ANALYSIS + RULES)


def test_the_face_is_cheap_and_complete():
    """Importing ``jaxpure.analysis`` (as runner and cache do, for module/summary.py) loads
    no libcst; every name the face lists resolves on first use."""
    import subprocess
    import sys
    code = ("import sys, jaxpure.analysis as A\n"
            "assert 'libcst' not in sys.modules, 'the face loaded libcst'\n"
            "missing = [n for n in A.__all__ if getattr(A, n, None) is None]\n"
            "assert not missing, missing\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr


def import_circles() -> list[list[str]]:
    """The circles among jaxpure's modules (Tarjan's strongly connected components of
    `imports`, every import counted: in functions and under TYPE_CHECKING too, since a
    type-only circle still ties the modules together). A package's ``__init__`` re-exporting
    its own modules is no edge back."""
    graph = {module_name(p): {t for t in imports(p) if not module_name(p).startswith(t + ".")}
             for p in PACKAGE.rglob("*.py")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_no_import_circles():
    assert import_circles() == []
