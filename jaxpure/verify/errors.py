"""Map the exceptions JAX raises to jaxpure rule codes, and find the user's line in a traceback.

Exceptions are recognised by class name and message text, so this module does not import jax
(the messages were observed on jax 0.10.2 and 0.12; see docs/verify.md).
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
import traceback
from dataclasses import dataclass
from functools import lru_cache
from types import TracebackType

from jaxpure.verify.results import SourceLocation

# Exception class name -> rule code. Checked along the MRO, most specific first, so that
# TracerBoolConversionError (a ConcretizationTypeError subclass) maps to JXP401.
BY_CLASS: dict[str, str] = {
    "TracerBoolConversionError": "JXP401",
    "TracerIntegerConversionError": "JXP402",
    "NonConcreteBooleanIndexError": "JXP402",
    "TracerArrayConversionError": "JXP403",
    "ConcretizationTypeError": "JXP403",
    "UnexpectedTracerError": "JXP601",
    "KeyReuseError": "JXP301",
}

# (pattern in the message, rule code) for exceptions whose class is too generic (TypeError,
# IndexError, ValueError, a bare Exception). First match wins.
BY_MESSAGE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I | re.S), code)
    for pattern, code in (
        (r"JAX arrays are immutable", "JXP201"),
        (r"Leaked trace", "JXP601"),
        (r"Non-hashable static arguments", "JXP602"),
        (r"Slice entries must be static|slice indices must have static", "JXP402"),
        (r"Shapes must be 1D sequences of concrete values", "JXP402"),
        (r"size argument of jnp\.\w+ must be statically specified", "JXP402"),
        (r"carry input and carry output must have", "JXP501"),
        (r"branch outputs must have the same", "JXP501"),
        (r"(true_fun|false_fun|branches?).*(output|must).*(identical|same) (types|pytree)", "JXP501"),
        (r"body_fun output and input must have identical types", "JXP501"),
    )
)

# A KeyReuseError whose message says this comes from a loop body (scan/fori/while).
LOOP_REUSE = re.compile(r"repeatedly executed|loop body|scan body|while_loop body", re.I)


@dataclass(frozen=True, slots=True)
class Classified:
    code: str | None
    summary: str  # "ErrorType: first line of the message"
    location: SourceLocation | None

    def describe(self) -> str:
        where = f" (at {self.location})" if self.location else ""
        return f"{self.summary}{where}"


def classify(error: BaseException, prefer_files: tuple[str, ...] = ()) -> Classified:
    """Rule code, quoted first line and user location for an exception raised by user code."""
    code = rule_code(error)
    location = user_location(error.__traceback__, prefer_files)
    return Classified(code, summarize(error), location)


def rule_code(error: BaseException) -> str | None:
    for name in (cls.__name__ for cls in type(error).__mro__):
        if name in BY_CLASS:
            if name == "ConcretizationTypeError" and _is_shape_problem(str(error)):
                return "JXP402"
            return BY_CLASS[name]
    message = str(error)
    for pattern, code in BY_MESSAGE:
        if pattern.search(message):
            return code
    return None


def _is_shape_problem(message: str) -> bool:
    # jnp.nonzero/where/unique without size= raise ConcretizationTypeError, but the pitfall is a
    # data-dependent shape (JXP402), not a value conversion.
    return bool(re.search(r"size argument of jnp\.\w+ must be statically specified", message))


def summarize(error: BaseException) -> str:
    text = str(error).strip()
    first = text.splitlines()[0].strip() if text else ""
    if len(first) > 240:
        first = first[:237] + "..."
    name = type(error).__name__
    return f"{name}: {first}" if first else name


def is_loop_reuse(error: BaseException) -> bool:
    return bool(LOOP_REUSE.search(str(error)))


@lru_cache(maxsize=1)
def _library_roots() -> tuple[str, ...]:
    roots: set[str] = set()
    paths = sysconfig.get_paths()
    for key in ("stdlib", "platstdlib"):
        if paths.get(key):
            roots.add(os.path.realpath(paths[key]))
    for module_name in ("jax", "jaxlib", "numpy", "ml_dtypes", "opt_einsum", "scipy", "hypothesis"):
        module = sys.modules.get(module_name)
        module_file = getattr(module, "__file__", None)
        if module_file:
            roots.add(os.path.dirname(os.path.realpath(module_file)))
    roots.add(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))  # jaxpure itself
    return tuple(sorted(roots))


def is_library_file(filename: str) -> bool:
    if not filename or filename.startswith("<"):
        return True
    real = os.path.realpath(filename)
    return any(real == root or real.startswith(root + os.sep) for root in _library_roots())


def user_location(tb: TracebackType | None, prefer_files: tuple[str, ...] = ()) -> SourceLocation | None:
    """The innermost traceback frame in user code, preferring the target's own files."""
    frames = traceback.extract_tb(tb) if tb is not None else []
    preferred = {os.path.realpath(f) for f in prefer_files}
    for wanted in (lambda f: os.path.realpath(f.filename) in preferred,
                   lambda f: not is_library_file(f.filename)):
        for frame in reversed(frames):
            if wanted(frame) and frame.lineno:
                return SourceLocation(display_path(frame.filename), frame.lineno, frame.name)
    return None


def display_path(filename: str) -> str:
    """A path relative to the working directory when it is below it."""
    try:
        relative = os.path.relpath(filename)
    except ValueError:
        return filename
    return filename if relative.startswith("..") else relative
