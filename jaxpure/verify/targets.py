"""Targets: ``path/to/file.py::func``, ``path/to/file.py::Class.method``, ``package.module:func``.

Parsing is pure Python (the parent process); loading imports user code and so runs only in a
worker process.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from jaxpure.verify.options import EXAMPLES_FILE


class TargetError(Exception):
    """A target that cannot be parsed or loaded; the message is one line for the user."""


_QUALNAME = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


@dataclass(frozen=True)
class TargetSpec:
    text: str
    qualname: str
    path: str | None = None  # a .py file
    module: str | None = None  # a dotted module name
    old_source: str | None = None  # --against: the file's text at a git revision
    revision: str | None = None
    original: str | None = None  # --original: another target that is the reference (verify_fix)

    @classmethod
    def parse(cls, text: str) -> TargetSpec:
        if "::" in text:
            path, _, qualname = text.partition("::")
            if not path.endswith(".py"):
                raise TargetError(f"{text}: expected path/to/file.py::function")
            if not os.path.isfile(path):
                raise TargetError(f"{text}: no such file {path}")
            spec = cls(text, qualname, path=path)
        elif ":" in text:
            module, _, qualname = text.partition(":")
            if not _QUALNAME.fullmatch(module):
                raise TargetError(f"{text}: expected package.module:function")
            spec = cls(text, qualname, module=module)
        else:
            raise TargetError(f"{text}: name a function as path/to/file.py::func, "
                              "path/to/file.py::Class.method or package.module:func")
        if not _QUALNAME.fullmatch(qualname):
            raise TargetError(f"{text}: {qualname!r} is not a function or Class.method name")
        return spec

    def with_old_source(self, source: str, revision: str) -> TargetSpec:
        return TargetSpec(self.text, self.qualname, self.path, self.module, source, revision)

    def with_original(self, original: str) -> TargetSpec:
        TargetSpec.parse(original)  # fail early on a malformed reference
        return TargetSpec(self.text, self.qualname, self.path, self.module, original=original)

    @property
    def stem(self) -> str:
        if self.path:
            return os.path.splitext(os.path.basename(self.path))[0]
        return (self.module or "").rsplit(".", 1)[-1]

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TargetSpec:
        return cls(**data)


# ---------------------------------------------------------------------------------------------
# loading (worker side)


def load_module(spec: TargetSpec) -> ModuleType:
    try:
        if spec.module:
            if os.getcwd() not in sys.path:
                sys.path.insert(0, os.getcwd())
            return importlib.import_module(spec.module)
        assert spec.path is not None
        return _import_file(os.path.realpath(spec.path))
    except TargetError:
        raise
    except BaseException as error:  # noqa: BLE001 - user modules can fail in any way, even SystemExit
        where = spec.module or spec.path
        raise TargetError(f"cannot import {where}: {type(error).__name__}: {error}") from error


def _import_file(path: str) -> ModuleType:
    package_root = _package_root(path)
    if package_root is not None:
        relative = os.path.relpath(os.path.splitext(path)[0], os.path.dirname(package_root))
        dotted = relative.replace(os.sep, ".")
        if dotted.endswith(".__init__"):
            dotted = dotted[: -len(".__init__")]
        _on_path(os.path.dirname(package_root))
        return importlib.import_module(dotted)
    if path in _LOADED:
        return _LOADED[path]
    stem = os.path.splitext(os.path.basename(path))[0]
    taken = stem in sys.modules and _file_of(sys.modules[stem]) != path
    with local_imports(os.path.dirname(path)):
        existing = sys.modules.get(stem)
        if existing is not None and _file_of(existing) == path:
            module = existing
        else:
            name = stem if stem.isidentifier() and not taken else _unique_name("target", path)
            module = _exec_file(name, path)
    _LOADED[path] = module
    return module


# Modules loaded from a file path, by real path: the same file is one module object for the
# targets and for the examples files that import them.
_LOADED: dict[str, ModuleType] = {}


def _file_of(module: ModuleType) -> str:
    return os.path.realpath(getattr(module, "__file__", None) or "")


@contextlib.contextmanager
def local_imports(directory: str) -> Iterator[None]:
    """While active, ``import name`` finds ``name.py`` in ``directory`` first.

    Different targets' directories may hold files of the same name (``bad.py``, ``helpers.py``)
    and a worker imports many of them: bare module names taken by another directory are set
    aside while this directory's code runs, then put back; this directory's modules stay
    reachable through their paths.
    """
    directory = os.path.realpath(directory)
    local = {os.path.splitext(name)[0]: os.path.join(directory, name)
             for name in os.listdir(directory) if name.endswith(".py")}
    set_aside: dict[str, ModuleType] = {}
    for stem, path in local.items():
        current = sys.modules.get(stem)
        if current is not None and _file_of(current) != path:
            set_aside[stem] = sys.modules.pop(stem)
        if stem not in sys.modules and path in _LOADED:
            sys.modules[stem] = _LOADED[path]
    _on_path(directory, first=True)
    try:
        yield
    finally:
        for stem, path in local.items():
            module = sys.modules.get(stem)
            if module is not None and _file_of(module) == path:
                _LOADED.setdefault(path, module)
                if stem in set_aside:
                    del sys.modules[stem]
        sys.modules.update(set_aside)


def _package_root(path: str) -> str | None:
    """The outermost directory of the package a file belongs to, if any."""
    directory = os.path.dirname(path)
    root = None
    while os.path.isfile(os.path.join(directory, "__init__.py")):
        root = directory
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    return root


def _on_path(directory: str, first: bool = False) -> None:
    if first and sys.path[:1] == [directory]:
        return
    if first and directory in sys.path:
        sys.path.remove(directory)
    if directory not in sys.path:
        sys.path.insert(0, directory)


def _unique_name(kind: str, path: str) -> str:
    digest = hashlib.sha1(path.encode()).hexdigest()[:10]
    stem = re.sub(r"\W", "_", os.path.splitext(os.path.basename(path))[0])
    return f"_jaxpure_{kind}_{stem}_{digest}"


def _exec_file(name: str, path: str) -> ModuleType:
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise TargetError(f"cannot import {path}")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module
    try:
        module_spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def load_old_module(spec: TargetSpec) -> ModuleType:
    """The target's file as it was at a git revision, as a module of its own."""
    assert spec.old_source is not None and spec.path is not None
    path = os.path.realpath(spec.path)
    _on_path(os.path.dirname(path))
    directory = tempfile.mkdtemp(prefix="jaxpure-against-")
    old_path = os.path.join(directory, os.path.basename(path))
    with open(old_path, "w", encoding="utf-8") as handle:
        handle.write(spec.old_source)
    revision = re.sub(r"\W", "_", spec.revision or "old")
    try:
        return _exec_file(_unique_name(f"at_{revision}", path), old_path)
    except BaseException as error:  # noqa: BLE001
        raise TargetError(f"cannot import {spec.path} at {spec.revision}: {type(error).__name__}: {error}") from error


def resolve(module: ModuleType, qualname: str) -> Any:
    value: Any = module
    for part in qualname.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            generated = _generated_test(value, part)
            if generated is None:
                raise TargetError(f"{getattr(module, '__file__', module.__name__)} has no {qualname}") from None
            value = generated
    if not callable(value):
        raise TargetError(f"{qualname} is a {type(value).__name__}, not a function")
    return value


def _generated_test(owner: Any, name: str) -> Any:
    """A parameterized test's first generated method (absl/unittest ``test_x0``, ``test_x_case``):
    the decorator replaced ``test_x`` on the class by one method per parameter set."""
    if not isinstance(owner, type) or not name.startswith("test"):
        return None
    generated = sorted(n for n in dir(owner) if n.startswith(name) and n != name and callable(getattr(owner, n)))
    return getattr(owner, generated[0]) if generated else None


def examples_path(spec: TargetSpec, module: ModuleType, given: str | None) -> str | None:
    """The examples file for a target: the one given, else jaxpure_examples.py beside it."""
    if given:
        return given
    filename = spec.path or getattr(module, "__file__", None)
    if not filename:
        return None
    candidate = os.path.join(os.path.dirname(os.path.realpath(filename)), EXAMPLES_FILE)
    return candidate if os.path.isfile(candidate) else None
