"""Where a target's arguments come from when the user wrote them: an examples file.

Examples file convention (documented in docs/verify.md): a module with a dict ``EXAMPLES``
mapping a target name to a zero-argument function (or a value) that gives

- an ``Example(args=..., kwargs=..., ...)``,
- a tuple ``(args_tuple, kwargs_dict)`` (exactly a tuple and a dict with string keys),
- any other tuple: the positional arguments,
- a list of any of these: several examples (the first is the main one; the others are used to
  build the vmap/pmap batches),
- anything else: the single positional argument.

Keys are tried in this order: ``"<module stem>::<qualname>"`` (e.g. ``"bad::step"``), then
``"<qualname>"`` (``"step"``, ``"Model.apply"``). Without an entry, input_sources.py finds inputs.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from jaxpure.verify.options import EXAMPLES_FILE, Example
from jaxpure.verify.targets import local_imports

KEY_NAMES = re.compile(r"(^|_)(key|rng|prng|subkey|seed_key)s?($|_)", re.I)


class ExamplesError(Exception):
    """The examples file exists but is broken (import error, wrong shape of ``EXAMPLES``)."""


@dataclass(frozen=True, slots=True)
class MissingInput:
    """Inputs could not be built: names the parameter that needs an example."""

    parameter: str
    reason: str
    complete: bool = False  # the reason already says what would let it run

    def describe(self, target: str) -> str:
        if self.complete:
            return f"no example for {target} and cannot build parameter `{self.parameter}`: {self.reason}"
        return (f"no example for {target} and cannot build parameter `{self.parameter}` "
                f"({self.reason}); add an entry to {EXAMPLES_FILE} (see docs/verify.md)")


def normalize(value: Any) -> list[Example]:
    if isinstance(value, list):
        found = [example for item in value for example in normalize(item)]
        if not found:
            raise ExamplesError("an example list is empty")
        return found
    if isinstance(value, Example):
        return [value]
    if (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple)
            and isinstance(value[1], dict) and all(isinstance(k, str) for k in value[1])):
        return [Example(args=value[0], kwargs=value[1])]
    if isinstance(value, tuple):
        return [Example(args=value)]
    return [Example(args=(value,))]


def load_examples_module(path: str) -> Any:
    """Import an examples file under a name of its own (so several can coexist in one worker);
    its imports of sibling modules get the same module objects as the targets."""
    real = os.path.realpath(path)
    name = "_jaxpure_examples_" + re.sub(r"\W", "_", real)
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, real)
    if spec is None or spec.loader is None:
        raise ExamplesError(f"cannot import examples file {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with local_imports(os.path.dirname(real)):
            spec.loader.exec_module(module)
    except Exception as error:
        del sys.modules[name]
        raise ExamplesError(f"examples file {path} failed to import: {type(error).__name__}: {error}") from error
    return module


def find_examples(module: Any, qualname: str, module_stem: str) -> list[Example] | None:
    """The examples a module's ``EXAMPLES`` dict gives for a target, or None if it has none."""
    table = getattr(module, "EXAMPLES", None)
    if table is None:
        return None
    if not isinstance(table, Mapping):
        raise ExamplesError(f"EXAMPLES in {getattr(module, '__file__', module)} must be a dict")
    for key in (f"{module_stem}::{qualname}", qualname):
        if key in table:
            entry = table[key]
            try:
                value = entry() if callable(entry) and not isinstance(entry, Example) else entry
            except Exception as error:
                raise ExamplesError(f"example {key!r} raised {type(error).__name__}: {error}") from error
            return normalize(value)
    return None
