"""``import libcst`` without the parts of its ``__init__`` that jaxpure does not use.

libcst's package ``__init__`` imports every public name, and with them the metadata
providers (scope, qualified names, type inference: ``subprocess``, ``helpers``...) and the
batched visitors: about a fifth of a one-file check, none of it needed to parse a file and
walk its nodes (positions import ``libcst.metadata`` themselves, only for files with
findings). ``install()`` puts the real package module in ``sys.modules`` (libcst's own spec
and ``__path__``, so ``import libcst.metadata`` and every submodule import as usual) before
its ``__init__`` has run, with a module ``__getattr__`` that fetches a public name from the
submodule the ``__init__`` would have imported it from, on first use.

Why this is safe:
- The name -> submodule map is read from the installed ``__init__``'s own import
  statements, so it follows libcst upgrades. It is used only when the ``__init__`` holds
  nothing but a docstring, ``from libcst.<module> import names``, ``try`` blocks and the
  ``__all__`` list; anything else and ``install()`` does nothing (the normal import runs).
- A name bound in a ``try`` block runs the whole ``__init__`` in the module, which from then
  on is the ordinary, fully imported libcst. A submodule's name imports that submodule (as
  ``from libcst import native`` does). Any other name is an AttributeError, as it is for
  the ordinary libcst, whose ``__init__`` binds nothing else.
- It never replaces a libcst that is already imported.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

PACKAGE = "libcst"


def install() -> bool:
    """Make the next ``import libcst`` lazy. True when it is (or already was) installed."""
    existing = sys.modules.get(PACKAGE)
    if existing is not None:
        return bool(getattr(existing, "__jaxpure_lazy__", False))
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None or spec.loader is None or not spec.submodule_search_locations:
        return False
    try:
        source = Path(spec.origin).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    exported = _exported_names(source)
    if exported is None:
        return False
    module = importlib.util.module_from_spec(spec)
    _make_lazy(module, spec, exported)
    sys.modules[PACKAGE] = module
    return True


class Exports(NamedTuple):
    names: dict[str, tuple[str, str]]  # public name -> (submodule, name in it)
    in_try: frozenset[str]  # bound by ``try`` blocks: left to the full ``__init__``
    public: list[str]  # ``__all__``


def _exported_names(source: str) -> Exports | None:
    """What the ``__init__`` binds, or None for an ``__init__`` that does anything else."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    names: dict[str, tuple[str, str]] = {}
    in_try: set[str] = set()
    public: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom):
            if statement.level or not (statement.module or "").startswith(PACKAGE + "."):
                return None
            for alias in statement.names:
                if alias.name == "*":
                    return None
                names[alias.asname or alias.name] = (statement.module or "", alias.name)
        elif isinstance(statement, ast.Try):
            in_try.update(_bound_names(statement))
        elif _is_all_list(statement):
            try:
                public = list(ast.literal_eval(statement.value))  # type: ignore[attr-defined]
            except ValueError:
                return None
        elif not _is_docstring(statement):
            return None
    return Exports(names, frozenset(in_try), public)


def _bound_names(statement: Any) -> Iterator[str]:
    import ast

    for node in ast.walk(statement):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from ((alias.asname or alias.name).partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            yield node.id


def _is_all_list(statement: Any) -> bool:
    import ast

    return (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == "__all__")


def _is_docstring(statement: Any) -> bool:
    import ast

    return (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str))


def _make_lazy(module: ModuleType, spec: Any, exports: Exports) -> None:
    names = exports.names
    state = {"complete": False}

    def complete() -> None:
        # the ordinary import, in this module object: every name bound as libcst binds it
        if not state["complete"]:
            state["complete"] = True
            del module.__getattr__
            spec.loader.exec_module(module)

    def __getattr__(name: str) -> Any:  # noqa: N807 (PEP 562)
        where = names.get(name)
        if where is None:
            if name in exports.in_try:
                complete()
                return getattr(module, name)
            if not name.startswith("__") and importlib.machinery.PathFinder.find_spec(
                    f"{PACKAGE}.{name}", module.__path__):
                # a submodule (``from libcst import native``): what importing it binds
                return importlib.import_module(f"{PACKAGE}.{name}")
            # the ``__init__`` binds nothing else: the ordinary libcst lacks it too
            raise AttributeError(f"module {PACKAGE!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[0]), where[1])
        setattr(module, name, value)  # later reads are plain attribute reads
        return value

    # the module's namespace, as PEP 562 reads it (ModuleType declares these as methods)
    vars(module).update(
        __getattr__=__getattr__,
        __dir__=lambda: sorted(set(vars(module)) | set(names) | exports.in_try),
        __all__=exports.public,
        __jaxpure_lazy__=True,
    )
