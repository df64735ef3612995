"""Where a target's arguments come from: an examples file, or its annotations.

Examples file convention (documented in docs/verify.md): a module with a dict ``EXAMPLES``
mapping a target name to a zero-argument function (or a value) that gives

- an ``Example(args=..., kwargs=..., ...)``,
- a tuple ``(args_tuple, kwargs_dict)`` (exactly a tuple and a dict with string keys),
- any other tuple: the positional arguments,
- a list of any of these: several examples (the first is the main one; the others are used to
  build the vmap/pmap batches),
- anything else: the single positional argument.

Keys are tried in this order: ``"<module stem>::<qualname>"`` (e.g. ``"bad::step"``), then
``"<qualname>"`` (``"step"``, ``"Model.apply"``).
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import re
import sys
import typing
from collections.abc import Callable, Mapping
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

    def describe(self, target: str) -> str:
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


# ---------------------------------------------------------------------------------------------
# inputs from annotations


def generate(fn: Callable[..., Any]) -> list[Example] | MissingInput:
    """Build examples from the signature: annotations for arrays and scalars, defaults otherwise."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return MissingInput("*", "its signature cannot be read")
    hints = _annotations(fn)
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.default is not parameter.empty:
            continue  # defaults (static arguments included) are used as they are
        annotation = hints.get(parameter.name, parameter.annotation)
        value = _value_for(parameter.name, annotation)
        if isinstance(value, MissingInput):
            return value
        if parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return [Example(args=tuple(args), kwargs=kwargs)]


def _annotations(fn: Callable[..., Any]) -> dict[str, Any]:
    try:
        return typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 - unresolvable string annotations: parse the text instead
        return {name: value for name, value in getattr(fn, "__annotations__", {}).items()}


def _value_for(name: str, annotation: Any) -> Any:
    import jax
    import jax.numpy as jnp
    import numpy as np

    if annotation is inspect.Parameter.empty:
        return MissingInput(name, "it has no annotation and no default")
    text = annotation if isinstance(annotation, str) else _annotation_text(annotation)
    if annotation is bool or text == "bool":
        return True
    if annotation is int or text == "int":
        return 2
    if annotation is float or text == "float":
        return 1.5
    shape, dtype = _jaxtyping_shape(text)
    if KEY_NAMES.search(name) and ("Array" in text or "Key" in text or "ndarray" in text):
        return jax.random.key(0)
    if "ndarray" in text and text.startswith(("np.", "numpy.")):
        return np.linspace(-1.0, 1.0, int(np.prod(shape or (3,)))).reshape(shape or (3,)).astype(dtype or "float32")
    if any(marker in text for marker in ("Array", "ndarray", "ArrayLike")):
        size = int(np.prod(shape or (3,)))
        values = jnp.linspace(-1.0, 1.0, size).reshape(shape or (3,))
        return values.astype(dtype or jnp.float32)
    return MissingInput(name, f"annotation {text!r} is not an array or a scalar")


def _annotation_text(annotation: Any) -> str:
    module = getattr(annotation, "__module__", "")
    name = getattr(annotation, "__qualname__", None) or getattr(annotation, "__name__", None)
    if name and "[" not in repr(annotation):
        return f"{module}.{name}" if module not in ("builtins", "") else name
    return repr(annotation)


_JAXTYPING = re.compile(r"(Float|Int|Bool|UInt|Integer|Num|Shaped|Real)\w*\[\s*[\w.]+\s*,\s*['\"]([^'\"]*)['\"]\s*\]")
_DTYPES = {"Float": "float32", "Int": "int32", "Integer": "int32", "Bool": "bool", "UInt": "uint32",
           "Num": "float32", "Shaped": "float32", "Real": "float32"}


def _jaxtyping_shape(text: str) -> tuple[tuple[int, ...] | None, str | None]:
    """Shape and dtype from a jaxtyping annotation such as ``Float[Array, "batch 3"]``.

    Named dimensions become 3 (one consistent size, so shapes that must agree do agree).
    """
    match = _JAXTYPING.search(text)
    if not match:
        return None, None
    dims = []
    for token in match.group(2).split():
        token = token.lstrip("*#_").split("=")[-1]
        dims.append(int(token) if token.isdigit() else 3)
    return tuple(dims), _DTYPES.get(match.group(1).rstrip("0123456789"), "float32")
