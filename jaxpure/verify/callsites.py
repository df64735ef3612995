"""Where a target is used in its project (pure Python, ``ast`` only; runs in the parent).

- **Call sites with values the verifier can rebuild**: ``step(jnp.zeros((3, 4)), 2)``,
  ``init(jax.random.key(0), x.shape)`` with ``x = jnp.ones((8, 3))`` earlier in the caller.
  Each becomes the text of an expression over ``jax`` and ``numpy`` alone (literals, a short
  list of array constructors and key makers, ``.shape`` and friends), evaluated in the worker.
- **The transforms that trace it in the code**: ``jax.jit(step, static_argnames="mode")``,
  ``@partial(jax.jit, ...)``, ``jax.vmap(step)``, ``lax.scan(step, ...)``, and those of the
  same-file functions that call it by name (a helper of a jitted step is traced too).
- **Tests that call it** (for ``--from-tests``): test functions whose body calls it.

The scan is by name: a call ``f(...)`` counts in the target's own file, and in files that import
``f`` from a module named like the target's, or call ``mod.f(...)`` on such a module.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from jaxpure.verify.sourceinfo import parse_file

MAX_FILES = 3000
MAX_SITES = 3
MAX_SUBCLASS_FILES = 6
SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", ".tox", ".nox",
             "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache"}

_ARRAY_MAKERS = {"zeros", "ones", "full", "arange", "linspace", "eye", "identity", "array", "asarray",
                 "zeros_like", "ones_like", "full_like", "empty", "float32", "float64", "int32", "int64",
                 "uint32", "uint8", "bool_", "float16", "bfloat16"}
ALLOWED_CALLS = frozenset(
    {f"jax.numpy.{name}" for name in _ARRAY_MAKERS} | {f"numpy.{name}" for name in _ARRAY_MAKERS}
    | {f"jax.random.{name}" for name in ("key", "PRNGKey", "split", "fold_in", "normal", "uniform",
                                          "randint", "bernoulli")}
    | {"tuple", "list", "dict", "float", "int", "bool", "range", "len"})
DTYPE_NAMES = frozenset(_ARRAY_MAKERS - {"zeros", "ones", "full", "arange", "linspace", "eye", "identity",
                                         "array", "asarray", "zeros_like", "ones_like", "full_like", "empty"})
ARRAY_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "T"})

# canonical transform -> (kind the verifier runs, positions of the traced function arguments)
TRACERS: dict[str, tuple[str, tuple[int, ...]]] = {
    "jax.jit": ("jit", (0,)), "jax.pmap": ("pmap", (0,)), "jax.vmap": ("vmap", (0,)),
    "jax.shard_map": ("shard_map", (0,)), "jax.experimental.shard_map.shard_map": ("shard_map", (0,)),
    "jax.grad": ("jit", (0,)), "jax.value_and_grad": ("jit", (0,)), "jax.jacfwd": ("jit", (0,)),
    "jax.jacrev": ("jit", (0,)), "jax.hessian": ("jit", (0,)), "jax.checkpoint": ("jit", (0,)),
    "jax.remat": ("jit", (0,)), "jax.lax.scan": ("jit", (0,)), "jax.lax.map": ("jit", (0,)),
    "jax.lax.fori_loop": ("jit", (2,)), "jax.lax.while_loop": ("jit", (0, 1)),
    "jax.lax.cond": ("jit", (1, 2)), "jax.lax.switch": ("jit", ()), "jax.eval_shape": ("jit", (0,)),
    "jax.make_jaxpr": ("jit", (0,)), "equinox.filter_jit": ("jit", (0,)), "flax.linen.jit": ("jit", (0,)),
}


@dataclass
class Usage:
    """What the project's code says about one target."""

    calls: list[str] = field(default_factory=list)  # "((args...), {kwargs})" texts
    call_places: list[str] = field(default_factory=list)  # "file:line" of each call
    transforms: set[str] = field(default_factory=set)  # "jit", "vmap", "pmap", "shard_map"
    static_argnums: set[int] = field(default_factory=set)
    static_argnames: set[str] = field(default_factory=set)
    tests: list[tuple[str, str]] = field(default_factory=list)  # (test file, test qualname)
    subclass_files: list[str] = field(default_factory=list)  # files defining subclasses of a method's class

    def to_dict(self) -> dict[str, object]:
        return {"calls": self.calls, "call_places": self.call_places, "transforms": sorted(self.transforms),
                "static_argnums": sorted(self.static_argnums), "static_argnames": sorted(self.static_argnames),
                "tests": [list(t) for t in self.tests], "subclass_files": self.subclass_files}


def project_root(path: str) -> str:
    """The directory above the outermost package holding ``path`` (or its own directory)."""
    directory = os.path.dirname(os.path.realpath(path))
    while os.path.isfile(os.path.join(directory, "__init__.py")) and os.path.dirname(directory) != directory:
        directory = os.path.dirname(directory)
    return directory


@lru_cache(maxsize=8)
def project_files(root: str) -> tuple[str, ...]:
    found: list[str] = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d not in SKIP_DIRS and not d.startswith("."))
        found += [os.path.join(directory, name) for name in sorted(files) if name.endswith(".py")]
        if len(found) >= MAX_FILES:
            break
    return tuple(found[:MAX_FILES])


def is_test_file(path: str) -> bool:
    name = os.path.basename(path)
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def usage_of(target_file: str, qualname: str, roots: tuple[str, ...] = ()) -> Usage:
    """Call sites, tracing transforms and tests of ``target_file::qualname`` in its project."""
    usage = Usage()
    name = qualname.split(".")[-1]
    stem = os.path.splitext(os.path.basename(target_file))[0]
    real_target = os.path.realpath(target_file)
    files = dict.fromkeys(f for root in (roots or (project_root(target_file),)) for f in project_files(root))
    files.setdefault(real_target, None)
    for path in files:
        tree = parse_file(path)
        if tree is None:
            continue
        local = os.path.realpath(path) == real_target
        names = _names_for_target(tree, name, stem, local)
        if not names:
            continue
        aliases = import_aliases(tree)
        _scan_file(tree, path, names, aliases, usage, in_test=is_test_file(path))
        if local:
            _inherit_from_callers(tree, name, aliases, usage)
    if "." in qualname:
        usage.subclass_files = subclass_files(qualname.split(".")[-2], tuple(files))
    return usage


def subclass_files(class_name: str, files: tuple[str, ...]) -> list[str]:
    """Files that define (transitive) subclasses of ``class_name``, by base name: the worker
    imports them so that an abstract class's method can run on a concrete subclass."""
    wanted = {class_name}
    found: dict[str, bool] = {}
    classes = class_bases(files)
    grew = True
    while grew:  # AbstractSolver -> AbstractRungeKutta -> Tsit5
        grew = False
        for path, name, bases in classes:
            if name not in wanted and bases & wanted:
                wanted.add(name)
                found.setdefault(path, is_test_file(path))
                grew = True
    # the library's own subclasses first: a test's subclass may be a mock
    return sorted(found, key=lambda path: found[path])[:MAX_SUBCLASS_FILES]


@lru_cache(maxsize=4)
def class_bases(files: tuple[str, ...]) -> tuple[tuple[str, str, frozenset[str]], ...]:
    """``(file, class name, last parts of its bases' names)`` of every class in the files."""
    found = []
    for path in files:
        tree = parse_file(path)
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.ClassDef):
                found.append((path, node.name, frozenset((dotted(b) or "").split(".")[-1] for b in node.bases)))
    return tuple(found)


def _names_for_target(tree: ast.Module, name: str, stem: str, local: bool) -> set[str]:
    """Dotted names that mean the target in a file: ``f``, ``alias``, ``mod.f``."""
    names = {name} if local else set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module_last = (node.module or "").split(".")[-1]
            for alias in node.names:
                if alias.name == name and (module_last == stem or (node.level and not node.module)):
                    names.add(alias.asname or alias.name)
                if alias.name == stem:
                    names.add(f"{alias.asname or alias.name}.{name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[-1] == stem:
                    names.add(f"{alias.asname or alias.name}.{name}")
    return names


def import_aliases(tree: ast.Module) -> dict[str, str]:
    """Local name -> canonical dotted name for the imports of jax, numpy and friends."""
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    aliases[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return aliases


def dotted(node: ast.AST) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def canonical(node: ast.AST, aliases: dict[str, str]) -> str | None:
    text = dotted(node)
    if text is None:
        return None
    head, _, rest = text.partition(".")
    base = aliases.get(head, head)
    full = f"{base}.{rest}" if rest else base
    for short, long in (("jax.experimental.pjit.pjit", "jax.jit"), ("jax.config", "jax.config")):
        full = long if full == short else full
    return full.replace("jax._src.", "jax.")


def _scan_file(tree: ast.Module, path: str, names: set[str], aliases: dict[str, str], usage: Usage,
               in_test: bool) -> None:
    for function, node in _calls_with_scope(tree):
        called = dotted(node.func)
        if called in names and not in_test and len(usage.calls) < MAX_SITES:
            text = call_text(node, function, tree, aliases)
            if text is not None and text not in usage.calls:
                usage.calls.append(text)
                usage.call_places.append(f"{path}:{node.lineno}")
        transform = _tracing_call(node, names, aliases)
        if transform is not None:
            usage.transforms.add(transform)
            _statics(node, usage)
        if called in names and in_test and function is not None and function.name.startswith("test"):
            place = (path, _qualname(tree, function))
            if place not in usage.tests:
                usage.tests.append(place)
    for definition in ast.walk(tree):
        if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) and definition.name in names:
            for decorator in definition.decorator_list:
                kind = _decorator_transform(decorator, aliases)
                if kind is not None:
                    usage.transforms.add(kind)
                    if isinstance(decorator, ast.Call):
                        _statics(decorator, usage)


def _tracing_call(node: ast.Call, names: set[str], aliases: dict[str, str]) -> str | None:
    entry = TRACERS.get(canonical(node.func, aliases) or "")
    if entry is None:
        if canonical(node.func, aliases) == "functools.partial" and node.args:
            inner = TRACERS.get(canonical(node.args[0], aliases) or "")
            if inner is not None and any(dotted(a) in names for a in node.args[1:2]):
                return inner[0]
        return None
    kind, positions = entry
    traced = [node.args[i] for i in positions if i < len(node.args)]
    if canonical(node.func, aliases) == "jax.lax.switch" and len(node.args) > 1:
        branches = node.args[1]
        traced = list(branches.elts) if isinstance(branches, (ast.List, ast.Tuple)) else []
    traced += [k.value for k in node.keywords if k.arg in ("fun", "f", "body_fun", "cond_fun")]
    return kind if any(dotted(t) in names for t in traced) else None


def _decorator_transform(decorator: ast.AST, aliases: dict[str, str]) -> str | None:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = canonical(target, aliases) or ""
    if name == "functools.partial" and isinstance(decorator, ast.Call) and decorator.args:
        name = canonical(decorator.args[0], aliases) or ""
    entry = TRACERS.get(name)
    return entry[0] if entry else None


def _statics(node: ast.Call, usage: Usage) -> None:
    for keyword in node.keywords:
        try:
            value = ast.literal_eval(keyword.value)
        except (ValueError, SyntaxError, TypeError):
            continue
        values = value if isinstance(value, (tuple, list)) else (value,)
        if keyword.arg in ("static_argnums", "static_broadcasted_argnums"):
            usage.static_argnums |= {v for v in values if isinstance(v, int)}
        elif keyword.arg == "static_argnames":
            usage.static_argnames |= {v for v in values if isinstance(v, str)}


def _inherit_from_callers(tree: ast.Module, name: str, aliases: dict[str, str], usage: Usage) -> None:
    """A function called by name inside a traced function is traced by the same transforms."""
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name == name:
            continue
        if not any(isinstance(n, ast.Call) and dotted(n.func) == name for n in ast.walk(node)):
            continue
        outer = Usage()
        _scan_file(tree, "", {node.name}, aliases, outer, in_test=False)
        usage.transforms |= outer.transforms


def _calls_with_scope(tree: ast.Module) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef | None, ast.Call]]:
    def walk(node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None) -> Iterator[tuple[
            ast.FunctionDef | ast.AsyncFunctionDef | None, ast.Call]]:
        for child in ast.iter_child_nodes(node):
            scope = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call):
                yield function, child
            yield from walk(child, scope)

    yield from walk(tree, None)


def _qualname(tree: ast.Module, function: ast.AST) -> str:
    for node in tree.body:
        if node is function:
            return node.name  # type: ignore[attr-defined]
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if item is function:
                    return f"{node.name}.{item.name}"  # type: ignore[attr-defined]
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and function in ast.walk(item):
                    return f"{node.name}.{item.name}"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and function in ast.walk(node):
            return node.name
    return getattr(function, "name", "")


# ---------------------------------------------------------------------------------------------
# rebuilding argument values


def call_text(call: ast.Call, function: ast.AST | None, tree: ast.Module, aliases: dict[str, str]) -> str | None:
    """``"((a, b), {'k': v})"`` for a call whose arguments can all be rebuilt, else None."""
    rebuild = _Rebuilder(function, tree, aliases)
    args = []
    for arg in call.args:
        if isinstance(arg, ast.Starred):
            return None
        text = rebuild.text(arg)
        if text is None:
            return None
        args.append(text)
    kwargs = []
    for keyword in call.keywords:
        if keyword.arg is None:
            return None
        text = rebuild.text(keyword.value)
        if text is None:
            return None
        kwargs.append(f"{keyword.arg!r}: {text}")
    return f"(({''.join(a + ', ' for a in args)}), {{{', '.join(kwargs)}}})"


class _Rebuilder:
    def __init__(self, function: ast.AST | None, tree: ast.Module, aliases: dict[str, str]) -> None:
        self.scopes = [s for s in (function, tree) if s is not None]
        self.aliases = aliases
        self.depth = 0

    def text(self, node: ast.AST) -> str | None:
        self.depth += 1
        try:
            return self._text(node) if self.depth < 8 else None
        finally:
            self.depth -= 1

    def _text(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant):
            return repr(node.value) if isinstance(node.value, (int, float, complex, str, bool, type(None))) else None
        if isinstance(node, (ast.Tuple, ast.List)):
            parts = [self.text(e) for e in node.elts]
            if any(p is None for p in parts):
                return None
            inner = ", ".join(parts)  # type: ignore[arg-type]
            return f"({inner},)" if isinstance(node, ast.Tuple) else f"[{inner}]"
        if isinstance(node, ast.Dict):
            if any(k is None for k in node.keys):
                return None
            pairs = [(self.text(k), self.text(v)) for k, v in zip(node.keys, node.values)]  # type: ignore[arg-type]
            if any(k is None or v is None for k, v in pairs):
                return None
            return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.text(node.operand)
            return None if operand is None else f"({'-' if isinstance(node.op, ast.USub) else '+'}{operand})"
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Div)):
            left, right = self.text(node.left), self.text(node.right)
            if left is None or right is None:
                return None
            symbol = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Div: "/"}[type(node.op)]
            return f"({left} {symbol} {right})"
        if isinstance(node, ast.Subscript):
            value, index = self.text(node.value), self.text(node.slice)
            return None if value is None or index is None else f"{value}[{index}]"
        if isinstance(node, ast.Attribute):
            return self._attribute(node)
        if isinstance(node, ast.Name):
            return self._name(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        return None

    def _attribute(self, node: ast.Attribute) -> str | None:
        if node.attr in ARRAY_ATTRIBUTES:
            value = self.text(node.value)
            if value is not None:
                return f"{value}.{node.attr}"
        full = canonical(node, self.aliases)
        if full and full.rpartition(".")[0] in ("jax.numpy", "numpy") and full.rpartition(".")[2] in DTYPE_NAMES:
            return full
        return None

    def _name(self, node: ast.Name) -> str | None:
        full = self.aliases.get(node.id)
        if full and full.rpartition(".")[0] in ("jax.numpy", "numpy") and full.rpartition(".")[2] in DTYPE_NAMES:
            return full
        if node.id in ("True", "False", "None"):
            return node.id
        value = self._single_binding(node.id)
        return None if value is None else self.text(value)

    def _single_binding(self, name: str) -> ast.AST | None:
        """The value of the one plain assignment to ``name`` in the caller (or the module)."""
        for scope in self.scopes:
            # a module's own statements only: assignments inside its functions are local there
            nodes = list(ast.walk(scope)) if not isinstance(scope, ast.Module) else [
                n for statement in scope.body if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                            ast.ClassDef))
                for n in ast.walk(statement)]
            values = [n.value for n in nodes if isinstance(n, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == name for t in n.targets)]
            rebinds = [n for n in nodes if isinstance(n, (ast.AugAssign, ast.For, ast.With, ast.AnnAssign))
                       and name in {t.id for t in ast.walk(n) if isinstance(t, ast.Name)
                                    and isinstance(t.ctx, ast.Store)}]
            if len(values) == 1 and not rebinds:
                return values[0]
            if values or rebinds:
                return None
        return None

    def _call(self, node: ast.Call) -> str | None:
        full = canonical(node.func, self.aliases)
        if full is None or full not in ALLOWED_CALLS:
            return None
        parts = [self.text(a) for a in node.args]
        keywords = [(k.arg, self.text(k.value)) for k in node.keywords]
        if any(p is None for p in parts) or any(k is None or v is None for k, v in keywords):
            return None
        inner = ", ".join([*parts, *(f"{k}={v}" for k, v in keywords)])  # type: ignore[list-item]
        return f"{full}({inner})"
