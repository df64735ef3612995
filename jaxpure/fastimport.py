"""Import the engine (and libcst) in half the time by reusing the bytecode dataclasses generate.

``import libcst`` is most of a one-file check (about 200 ms of 300): its node modules define
about 200 frozen dataclasses (the engine's own modules define a few dozen more), and ``dataclasses`` builds each class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` ... by compiling generated source
text with ``exec``, about a thousand compilations per import. The text is the same on every
run, so this module keeps the compiled code objects in one ``marshal`` file in the result
cache directory and, while the engine is imported, lets ``dataclasses`` execute the stored code
for a text it has seen before instead of compiling the text again. The CLI starts this before
its own modules load (``start``), so their dataclasses are served from the same file.

Why this is safe:
- Only compilation is skipped. A text is looked up verbatim, compiled with the flags
  ``exec`` would use (no inherited ``__future__`` flags), and executed with the same globals
  and namespace ``dataclasses`` passes; the function objects are the ones the text defines.
- The hook is ``dataclasses.exec``, a module global that shadows the builtin only for the
  duration of the import (the ``dataclasses`` of Python 3.10 to 3.13 call ``exec`` with a
  text); anything else (a code object, another version's machinery) passes straight through.
- The file is named after the interpreter's bytecode tag and carries ``sys.version``;
  marshal data is only ever read by the interpreter that wrote it. A file that does not
  load is ignored and rewritten, and it is written to a temporary name and moved into place,
  so concurrent runs never read half of one. It holds exactly the texts the last import
  used, so it does not grow when libcst is upgraded.
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from pathlib import Path
from typing import Any

CodeTable = dict[str, Any]  # source text -> code object


def code_cache_path(cache_dir: Path, variant: str = "lazy") -> Path:
    """The code cache for one way of importing the engine (their texts differ: see below)."""
    return cache_dir / f"dataclass-code.{sys.implementation.cache_tag}.{variant}.marshal"


class _CodeHook:
    """``dataclasses.exec`` while it is installed: runs stored code for texts seen before."""

    def __init__(self) -> None:
        self.known: CodeTable = {}
        self.used: CodeTable = {}
        self.compiled = 0
        self._files: dict[Path, frozenset[str]] = {}  # texts each loaded file held

    def load(self, path: Path) -> None:
        if path not in self._files:
            table = _load(path)
            self._files[path] = frozenset(table)
            self.known.update(table)

    def file_is_current(self, path: Path) -> bool:
        return self._files.get(path) == self.used.keys()

    def install(self) -> None:
        import dataclasses

        dataclasses.exec = self  # type: ignore[attr-defined]

    def remove(self) -> None:
        import dataclasses

        vars(dataclasses).pop("exec", None)

    def __call__(self, source: Any, globals: Any = None, locals: Any = None) -> None:  # noqa: A002
        if not isinstance(source, str):
            return builtins.exec(source, globals, locals)
        code = self.known.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            self.compiled += 1
        self.used[source] = code
        return builtins.exec(code, globals, locals)


_started: _CodeHook | None = None


def start(likely_cache_dir: Path) -> None:
    """Serve dataclass texts from the code cache from now until the engine is imported.

    The CLI calls this first thing, before its own modules (a few dozen dataclasses of
    findings, settings, jobs) are imported, with the cache directory it will most likely
    use (it is known for sure only once the configuration is read). A wrong guess only
    costs speed: texts are matched verbatim, and ``import_engine`` loads the right file
    and writes every text this run used into it.
    """
    global _started
    if _started is None:
        _started = _CodeHook()
        _started.load(code_cache_path(likely_cache_dir))
        _started.install()


def import_engine(cache_dir: Path | None) -> int:
    """``import jaxpure.engine`` (and so libcst), through the code cache in ``cache_dir``.

    libcst is imported lazily (lazy_libcst.py) unless something imported it already. Each
    way (lazy, full, libcst already there) runs its own set of generated texts, so each has
    its own file: a flake8 run beside a CLI run never makes the other recompile.
    Returns how many generated texts had to be compiled (0: all came from the cache).
    """
    import importlib

    global _started
    hook, _started = _started, None
    if "jaxpure.engine" in sys.modules:
        if hook is not None:
            hook.remove()
        return 0
    from jaxpure import lazy_libcst

    already_imported = "libcst" in sys.modules
    variant = "lazy" if lazy_libcst.install() else "loaded" if already_imported else "full"
    if cache_dir is None:
        if hook is not None:
            hook.remove()
        importlib.import_module("jaxpure.engine")
        return 0
    hook = hook or _CodeHook()
    code_cache = code_cache_path(cache_dir, variant)
    hook.load(code_cache)
    hook.install()
    try:
        importlib.import_module("jaxpure.engine")
    finally:
        hook.remove()
    if not hook.file_is_current(code_cache):
        _store(code_cache, hook.used)
    return hook.compiled


def _load(path: Path) -> CodeTable:
    try:
        with open(path, "rb") as stream:
            data = stream.read()  # marshal.load on a stream is ten times slower than loads
        version, table = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if version != sys.version or not isinstance(table, dict):
        return {}
    return table


def _store(path: Path, table: CodeTable) -> None:
    import tempfile  # only when the file changes: it imports random, shutil...

    if not path.parent.is_dir():
        return  # the result cache creates (and tags) its directory; never create it here
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".marshal")
        try:
            with os.fdopen(handle, "wb") as stream:
                marshal.dump((sys.version, table), stream)
            os.replace(temporary, path)
        except BaseException:
            _remove_quietly(temporary)
            raise
    except OSError:
        pass  # a read-only or full disk only costs the next run its speed-up


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
