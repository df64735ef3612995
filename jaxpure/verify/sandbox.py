"""Module state around a verified function: what it can read or write outside its arguments,
snapshots to tell what changed, restoring it between runs, and capturing what it prints or logs.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import dis
import functools
import inspect
import io
import logging
import random
import sys
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

from jaxpure.verify.errors import is_library_file
from jaxpure.verify.trees import Snapshot, is_code, snapshot


def is_data(value: Any) -> bool:
    """Values whose change matters to a function: numbers, strings, containers, arrays and
    instances of the user's own classes (a model with ``__call__`` included). Not modules,
    functions, classes, nor objects of library classes (a ``logging.Logger`` has caches that
    change as it is used; restoring or comparing them would only produce noise)."""
    if is_code(value) or isinstance(value, typing.TypeVar):
        return False
    if isinstance(value, (list, dict, set, tuple, frozenset, bytearray, str, bytes, int, float, complex,
                          bool, type(None), np.ndarray, np.generic, jax.Array)):
        return True
    return _user_class(type(value))


def _user_class(cls: type) -> bool:
    try:
        filename = inspect.getfile(cls)
    except (TypeError, OSError):
        return False  # built-in or extension types
    return not is_library_file(filename) and "site-packages" not in filename


def referenced_names(fn: Callable[..., Any], depth: int = 3) -> set[str]:
    """Global names a function's code refers to, including nested functions and lambdas and the
    same-module helpers it calls by name (a few levels deep)."""
    code = getattr(fn, "__code__", None)
    module_globals = getattr(fn, "__globals__", {})
    if code is None:
        return set()
    names: set[str] = set()
    seen_codes: set[types.CodeType] = set()
    pending: list[tuple[types.CodeType, int]] = [(code, depth)]
    while pending:
        current, level = pending.pop()
        if current in seen_codes:
            continue
        seen_codes.add(current)
        for instruction in dis.get_instructions(current):
            if instruction.opname in ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME"):
                name = instruction.argval
                names.add(name)
                helper = module_globals.get(name)
                helper_code = getattr(_plain(helper), "__code__", None)
                if (helper_code is not None and level > 0
                        and getattr(_plain(helper), "__globals__", None) is module_globals):
                    pending.append((helper_code, level - 1))
        for constant in current.co_consts:
            if isinstance(constant, types.CodeType):
                pending.append((constant, level))
    return names


def _plain(value: Any) -> Any:
    """The Python function inside a jit wrapper or other functools.wraps decorator."""
    for _ in range(5):
        inner = getattr(value, "__wrapped__", None)
        if inner is None:
            break
        value = inner
    return value


@dataclass
class Watched:
    """One module global or closure cell the function can see."""

    name: str
    kind: str  # "global", "closure" or "self" (the instance of a bound method)
    read: Callable[[], Any]
    write: Callable[[Any], None]
    original: Any
    backup: Any
    before: Snapshot


class ModuleState:
    """The globals and closure cells of a function, restorable to how they were."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.globals: dict[str, Any] = getattr(fn, "__globals__", {})
        self.initial_names = set(self.globals)
        self.watched: list[Watched] = []
        self.python_random = random.getstate()
        self.numpy_random = np.random.get_state()
        referenced = referenced_names(fn)
        for name, value in list(self.globals.items()):
            if name.startswith("__") or not is_data(value):
                continue
            if name not in referenced and not _mutable(value):
                continue
            self.watched.append(self._watch_global(name, value))
        owner = getattr(fn, "__self__", None)
        if inspect.ismethod(fn) and not isinstance(owner, (type, types.ModuleType)):
            self.watched.append(Watched("self", "self", lambda: owner, lambda value: None, owner,
                                        _backup(owner), snapshot(owner)))
        code = getattr(fn, "__code__", None)
        for name, cell in zip(code.co_freevars if code else (), getattr(fn, "__closure__", None) or ()):
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if is_data(value):
                self.watched.append(self._watch_cell(name, cell, value))

    def _watch_global(self, name: str, value: Any) -> Watched:
        def read() -> Any:
            return self.globals.get(name, _MISSING)

        def write(new: Any) -> None:
            self.globals[name] = new

        return Watched(name, "global", read, write, value, _backup(value), snapshot(value))

    def _watch_cell(self, name: str, cell: types.CellType, value: Any) -> Watched:
        def read() -> Any:
            try:
                return cell.cell_contents
            except ValueError:
                return _MISSING

        def write(new: Any) -> None:
            cell.cell_contents = new

        return Watched(name, "closure", read, write, value, _backup(value), snapshot(value))

    def changes(self) -> list[StateChange]:
        """What differs from the initial state: rebinding, or in-place mutation."""
        found = []
        for item in self.watched:
            current = item.read()
            after = snapshot(current)
            if current is not item.original:
                found.append(StateChange(item, "rebound", after))
            elif after != item.before:
                found.append(StateChange(item, "mutated", after))
        for name in set(self.globals) - self.initial_names:
            found.append(StateChange(
                Watched(name, "global", functools.partial(self.globals.get, name), lambda v: None, _MISSING, None,
                        ("value", "<unset>")), "created", snapshot(self.globals.get(name))))
        return found

    def reset(self) -> None:
        """Back to the initial state: values, in-place contents, RNG states."""
        for item in self.watched:
            current = item.read()
            if current is not item.original:
                item.write(item.original)
            if snapshot(item.original) != item.before:
                _restore_in_place(item.original, item.backup)
        for name in set(self.globals) - self.initial_names:
            del self.globals[name]
        random.setstate(self.python_random)
        np.random.set_state(self.numpy_random)

    @contextlib.contextmanager
    def sandbox(self) -> Iterator[ModuleState]:
        self.reset()
        try:
            yield self
        finally:
            self.reset()


_MISSING = object()


@dataclass(frozen=True)
class StateChange:
    item: Watched
    how: str  # "rebound", "mutated", "created"
    after: Snapshot

    @property
    def name(self) -> str:
        return self.item.name


def _mutable(value: Any) -> bool:
    if isinstance(value, (list, dict, set, bytearray, np.ndarray)):
        return True
    if isinstance(value, (jax.Array, str, bytes, int, float, complex, tuple, frozenset, type(None))):
        return False  # jax arrays carry a __dict__ but are immutable
    return hasattr(value, "__dict__") and not is_code(value)


def _backup(value: Any) -> Any:
    if not _mutable(value):
        return None
    try:
        backup = copy.deepcopy(value)
    except Exception:  # noqa: BLE001 - uncopyable objects are restored by rebinding only
        return None
    # a "copy" that is the object itself (singletons, loggers) cannot restore anything
    return None if backup is value else backup


def _restore_in_place(target: Any, backup: Any) -> None:
    if backup is None or backup is target:
        return
    if isinstance(target, list):
        target[:] = backup
    elif isinstance(target, dict):
        target.clear()
        target.update(backup)
    elif isinstance(target, set):
        target.clear()
        target.update(backup)
    elif isinstance(target, bytearray):
        target[:] = backup
    elif isinstance(target, np.ndarray):
        if target.shape == backup.shape:
            target[...] = backup
    elif isinstance(getattr(target, "__dict__", None), dict):
        target.__dict__.clear()
        target.__dict__.update(backup.__dict__)


# ---------------------------------------------------------------------------------------------
# output capture


@dataclass
class Captured:
    stdout: str = ""
    records: list[logging.LogRecord] = field(default_factory=list)
    print_sites: list[tuple[str, int]] = field(default_factory=list)  # user lines that called print

    @property
    def prints(self) -> int:
        return self.stdout.count("\n") + (1 if self.stdout and not self.stdout.endswith("\n") else 0)


class _UserRecords(logging.Handler):
    """Keeps log records emitted from user code (JAX and other libraries log their own)."""

    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.NOTSET)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        if not is_library_file(record.pathname):
            self.sink.append(record)


@contextlib.contextmanager
def capture_output() -> Iterator[Captured]:
    """Capture stdout and user log records at every level, without letting them through."""
    captured = Captured()
    buffer = io.StringIO()
    root = logging.getLogger()
    saved_handlers, saved_level = root.handlers[:], root.level
    disabled = logging.root.manager.disable
    handler = _UserRecords(captured.records)
    root.handlers = [handler]
    root.setLevel(logging.NOTSET)
    logging.disable(logging.NOTSET)
    original_print = builtins.print

    def located_print(*args: Any, **kwargs: Any) -> None:
        caller = sys._getframe(1)
        if not is_library_file(caller.f_code.co_filename):
            captured.print_sites.append((caller.f_code.co_filename, caller.f_lineno))
        original_print(*args, **kwargs)

    builtins.print = located_print
    try:
        with contextlib.redirect_stdout(buffer):
            yield captured
    finally:
        builtins.print = original_print
        root.handlers = saved_handlers
        root.setLevel(saved_level)
        logging.disable(disabled)
        captured.stdout = buffer.getvalue()
        sys.stdout.flush()
