"""Import the engine (and libcst) in half the time by reusing the bytecode dataclasses generate.

``import libcst`` is most of a one-file check (about 200 ms of 300): its node modules define
about 200 frozen dataclasses (the engine's own modules define a few dozen more), and ``dataclasses`` builds each class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` ... by compiling generated source
text with ``exec``, about a thousand compilations per import. The text is the same on every
run, so this module keeps the compiled code objects in one ``marshal`` file in the user's
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
- The file lives in the user's cache directory (``$XDG_CACHE_HOME/jaxpure``, else
  ``~/.cache/jaxpure``; ``JAXPURE_CODE_CACHE_DIR`` overrides it), never in the checked tree
  or the working directory: code from a file a repository can commit must never run. A
  file is loaded only when it is a regular file owned by the current user and writable by
  nobody else (the directory likewise), and when its header names this jaxpure, this Python
  and this libcst and carries the sha256 of the marshal data that follows (checked before
  ``marshal`` reads a byte of it). Anything else is ignored and rewritten.
- It is named after the interpreter's bytecode tag and jaxpure's own installation (two
  virtual environments never take turns rewriting one file). It is written to a temporary
  name and moved into place, so concurrent runs never read half of one. It holds exactly
  the texts the last import used, so it does not grow when libcst is upgraded.
"""

from __future__ import annotations

import builtins
import hashlib
import marshal
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from jaxpure import __version__

CodeTable = dict[str, Any]  # source text -> code object

# overrides the directory (tests; a shared machine); must be an absolute path
DIRECTORY_VARIABLE = "JAXPURE_CODE_CACHE_DIR"
MAGIC = b"jaxpure dataclass code cache 2\n"


def code_cache_dir() -> Path | None:
    """The user's code cache directory, created (private) when missing; None when there is
    none that is safe to use (no home directory, owned by someone else, writable by others)."""
    override = os.environ.get(DIRECTORY_VARIABLE)
    if override is not None:
        directory = override if os.path.isabs(override) else None
    else:
        directory = _user_cache_base()
        directory = os.path.join(directory, "jaxpure") if directory else None
    if directory is None:
        return None  # a relative path would point into the working directory
    try:
        os.makedirs(directory, mode=0o700, exist_ok=True)
        info = os.stat(directory)
    except OSError:
        return None
    return Path(directory) if stat.S_ISDIR(info.st_mode) and _private(info) else None


def _user_cache_base() -> str | None:
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA")
        return base if base and os.path.isabs(base) else None
    base = os.environ.get("XDG_CACHE_HOME")
    if base and os.path.isabs(base):  # the XDG spec: a relative value is to be ignored
        return base
    home = os.path.expanduser("~")
    return os.path.join(home, ".cache") if os.path.isabs(home) else None


def _private(info: os.stat_result) -> bool:
    """Owned by the current user and writable by nobody else."""
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    getuid = getattr(os, "getuid", None)
    return getuid is None or info.st_uid == getuid()


def code_cache_path(cache_dir: Path, variant: str = "lazy") -> Path:
    """The code cache for one way of importing the engine (their texts differ: see below)."""
    return cache_dir / (f"dataclass-code.{sys.implementation.cache_tag}.{variant}."
                        f"{_installation_id()}.marshal")


@lru_cache(maxsize=1)
def _installation_id() -> str:
    here = os.path.dirname(os.path.abspath(__file__))
    return hashlib.sha256(here.encode("utf-8", "surrogateescape")).hexdigest()[:12]


@lru_cache(maxsize=1)
def _cache_key() -> bytes:
    """What a file must have been written by: this jaxpure, this Python, this libcst."""
    return (f"jaxpure {__version__} at {_installation_id()}; python {sys.version}; "
            f"libcst {_libcst_version()}\n").encode("utf-8", "backslashreplace")


def _libcst_version() -> str:
    """The installed libcst's version, from its dist-info directory's name (cheap: no
    importlib.metadata, no import of libcst)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("libcst")
    except (ImportError, ValueError):
        return "?"
    if spec is None or spec.origin is None:
        return "?"
    package = os.path.dirname(spec.origin)
    try:
        for name in os.listdir(os.path.dirname(package)):
            if name.startswith("libcst-") and name.endswith(".dist-info"):
                return name[len("libcst-"):-len(".dist-info")]
        return f"mtime {os.stat(spec.origin).st_mtime_ns}"
    except OSError:
        return "?"


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
    findings, settings, jobs) are imported, with ``code_cache_dir()``. Given another
    directory than ``import_engine`` later gets, it only costs speed: texts are matched
    verbatim, and ``import_engine`` loads its own file and writes every text this run used
    into it.
    """
    global _started
    if _started is None:
        _started = _CodeHook()
        _started.load(code_cache_path(likely_cache_dir))
        _started.install()


def import_engine(cache_dir: Path | None) -> int:
    """``import jaxpure.engine`` (and so libcst), through the code cache in ``cache_dir``
    (``code_cache_dir()``; None: no code cache).

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
    payload = _verified_payload(path)
    if payload is None:
        return {}
    try:
        table = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return table


def _verified_payload(path: Path) -> bytes | None:
    """The marshal data of a file this user wrote for this installation, else None."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        with open(descriptor, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode) or not _private(info):
                return None
            if not _private(os.stat(path.parent)):
                return None  # someone else could have swapped the file in
            data = stream.read()  # marshal.load on a stream is ten times slower than loads
    except OSError:
        return None
    header = MAGIC + _cache_key()
    digest_end = len(header) + hashlib.sha256().digest_size
    if not data.startswith(header) or len(data) < digest_end:
        return None
    payload = data[digest_end:]
    if hashlib.sha256(header + payload).digest() != data[len(header):digest_end]:
        return None
    return payload


def _store(path: Path, table: CodeTable) -> None:
    import tempfile  # only when the file changes: it imports random, shutil...

    if not path.parent.is_dir():
        return  # code_cache_dir creates (privately) the directory; never create one here
    header = MAGIC + _cache_key()
    payload = marshal.dumps(table)
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".marshal")
        try:
            with os.fdopen(handle, "wb") as stream:  # mkstemp: mode 0600, owned by us
                stream.write(header + hashlib.sha256(header + payload).digest() + payload)
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
