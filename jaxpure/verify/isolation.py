"""Keeping verify workers from leaking: into each other's targets, and past their parent.

- A target's module can change the worker for every later target: ``jax.config.update(
  "jax_disable_jit", True)`` at import turns every confirmation into "no problem found",
  ``jax.jit = ...`` replaces the transform the checks use, ``os.chdir`` breaks the next import.
  ``Baseline`` records what such a module can change (JAX's configuration, the public
  attributes of jax, numpy and a few standard modules, the working directory and the
  environment) and tells after each target whether it changed; the worker is then replaced,
  so that the next target starts clean and a module that is imported again sees what it saw
  the first time.
- A worker is the leader of its own process group, so that a timed-out target's children die
  with it (the parent kills the group), and it dies with its parent: ``PR_SET_PDEATHSIG`` on
  Linux plus a watchdog thread that kills the whole group as soon as the parent is gone.

Imported by the parent and the workers: no jax at module level.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

# Modules whose public attributes a target may replace (``jax.jit = traced_counter``); their
# internals (jax._src.*) hold caches that change on their own as code runs.
WATCHED_MODULES = ("jax", "jax.numpy", "jax.lax", "jax.random", "jax.nn", "jax.tree", "jax.tree_util",
                   "numpy", "numpy.random", "builtins", "functools", "os", "random", "time", "math")
PR_SET_PDEATHSIG = 1
WATCHDOG_PERIOD = 0.2


@dataclass(frozen=True)
class Baseline:
    """What a worker looked like before it ran any target."""

    config: dict[str, Any]
    cwd: str
    environ: dict[str, str]
    attributes: dict[str, dict[str, int]]  # module -> public name -> id(value)

    @classmethod
    def take(cls) -> Baseline:
        return cls(_config_values(), os.getcwd(), dict(os.environ), _public_attributes())

    def changes(self) -> list[str]:
        """What differs now, one short phrase each (empty: the worker is clean)."""
        found = [f"jax.config {name} changed" for name, value in _config_values().items()
                 if name in self.config and not _same(self.config[name], value)]
        try:
            if os.getcwd() != self.cwd:
                found.append("the working directory changed")
        except OSError:
            found.append("the working directory is gone")
        if dict(os.environ) != self.environ:
            found.append("the environment changed")
        now = _public_attributes()
        for module, names in self.attributes.items():
            current = now.get(module, {})
            replaced = sorted(name for name, ident in names.items() if current.get(name, ident) != ident)
            found += [f"{module}.{name} was replaced" for name in replaced[:3]]
        return found


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - an odd value: compare identities
        return a is b


def _config_values() -> dict[str, Any]:
    jax = sys.modules.get("jax")
    values = getattr(getattr(jax, "config", None), "values", None)
    return dict(values) if isinstance(values, dict) else {}


def _public_attributes() -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for name in WATCHED_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        # submodules appear as attributes when imported: they are not replacements
        table[name] = {key: id(value) for key, value in list(vars(module).items())
                       if not key.startswith("_") and type(value).__name__ != "module"}
    return table


# ---------------------------------------------------------------------------------------------
# process groups


def lead_own_group() -> None:
    """Make this process the leader of a new process group (its children join it)."""
    try:
        os.setpgid(0, 0)
    except OSError:
        pass  # already a group leader, or not permitted: the watchdog still works


def die_with_parent(parent_pid: int) -> None:
    """Kill this process's whole group when the parent dies (SIGKILL of the parent included)."""
    _pdeathsig(signal.SIGTERM)
    signal.signal(signal.SIGTERM, lambda *_: kill_own_group())
    if os.getppid() != parent_pid:
        kill_own_group()

    def watch() -> None:
        while True:
            time.sleep(WATCHDOG_PERIOD)
            if os.getppid() != parent_pid:
                kill_own_group()

    threading.Thread(target=watch, daemon=True, name="jaxpure-verify-watchdog").start()


def _pdeathsig(sig: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def kill_own_group() -> None:
    try:
        if os.getpgrp() == os.getpid():
            os.killpg(os.getpid(), signal.SIGKILL)
    finally:
        os._exit(1)


def kill_group(pid: int | None) -> None:
    """Kill a worker's process group (the worker and whatever its target started)."""
    if pid is None:
        return
    # the worker made itself the leader of group `pid`; the group outlives a worker that has
    # exited as long as a child of its target still runs
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
