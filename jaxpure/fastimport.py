"""Import the engine (and libcst) in half the time by reusing the bytecode dataclasses generate.

``import libcst`` is most of a one-file check (about 200 ms of 300): its node modules define
about 200 frozen dataclasses (the engine's own modules define a few dozen more), and ``dataclasses`` builds each class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` ... by compiling generated source
text with ``exec``, about a thousand compilations per import. The text is the same on every
run, so this module keeps the compiled code objects in one ``marshal`` file in the result
cache directory and, while the engine is imported, lets ``dataclasses`` execute the stored code
for a text it has seen before instead of compiling the text again.

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
import tempfile
from pathlib import Path
from typing import Any

CodeTable = dict[str, Any]  # source text -> code object


def code_cache_path(cache_dir: Path, variant: str = "lazy") -> Path:
    """The code cache for one way of importing the engine (their texts differ: see below)."""
    return cache_dir / f"dataclass-code.{sys.implementation.cache_tag}.{variant}.marshal"


def import_engine(cache_dir: Path | None) -> int:
    """``import jaxpure.engine`` (and so libcst), through the code cache in ``cache_dir``.

    libcst is imported lazily (lazy_libcst.py) unless something imported it already. Each
    way (lazy, full, libcst already there) runs its own set of generated texts, so each has
    its own file: a flake8 run beside a CLI run never makes the other recompile.
    Returns how many generated texts had to be compiled (0: all came from the cache).
    """
    import importlib

    if "jaxpure.engine" in sys.modules:
        return 0
    from jaxpure import lazy_libcst

    already_imported = "libcst" in sys.modules
    variant = "lazy" if lazy_libcst.install() else "loaded" if already_imported else "full"
    if cache_dir is None:
        importlib.import_module("jaxpure.engine")
        return 0
    import dataclasses

    code_cache = code_cache_path(cache_dir, variant)
    known = _load(code_cache)
    used: CodeTable = {}
    compiled = 0

    def cached_exec(source: Any, globals: Any = None, locals: Any = None) -> None:  # noqa: A002
        if not isinstance(source, str):
            return builtins.exec(source, globals, locals)
        nonlocal compiled
        code = known.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            compiled += 1
        used[source] = code
        return builtins.exec(code, globals, locals)

    dataclasses.exec = cached_exec  # type: ignore[attr-defined]
    try:
        importlib.import_module("jaxpure.engine")
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
    if used.keys() != known.keys():
        _store(code_cache, used)
    return compiled


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
