"""Parse a module with libcst, without re-validating the nodes its native parser builds.

Every libcst node runs ``_validate()`` from ``__post_init__`` when it is constructed: checks
written for trees built by hand (a ``Name`` holds an identifier, parentheses pair up,
whitespace is whitespace). A tree from ``parse_module`` is built by the native parser from
text it has already accepted, so the checks can only pass, yet they cost about an eighth of
the parse (1.5 million nodes, a regular expression for each piece of whitespace, on the
benchmark corpus). libcst's own comment on ``CSTNode.__post_init__`` says as much ("PERF: ...
would allow us to avoid validating the tree when parsing a file").

Why this is safe:
- Only ``parse_module`` runs without the checks, and only for the duration of the call; the
  original method is restored in a ``finally``. Nodes that jaxpure builds itself (autofixes)
  are validated as usual, and the fixer re-parses every fixed file with the checks on.
- The switch is made only when ``__post_init__`` is libcst's own (no other tool in the
  process has replaced it) and no libcst node class defines its own ``__post_init__``
  (checked once, so a future libcst that adds one keeps its checks).
- A test parses real files both ways and compares the trees and the errors.
- Not for threads that build libcst nodes while another thread parses (the class attribute
  is shared); jaxpure parses in one thread per process.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import libcst as cst

# bound now, so the parser's modules load with the engine (under fastimport's code cache)
_libcst_parse_module = cst.parse_module


def parse_module(source: str) -> cst.Module:
    """``libcst.parse_module(source)``: the same tree, the same errors, less work."""
    node_class = cst.CSTNode
    validating = node_class.__dict__.get("__post_init__")
    if not _is_libcsts_own(validating) or not _only_base_validates():
        return _libcst_parse_module(source)
    node_class.__post_init__ = _skip_validation  # type: ignore[method-assign]
    try:
        return _libcst_parse_module(source)
    finally:
        node_class.__post_init__ = validating  # type: ignore[method-assign]


def _skip_validation(self: Any) -> None:
    pass


def _is_libcsts_own(method: Any) -> bool:
    return getattr(method, "__module__", None) == cst.CSTNode.__module__


@cache
def _only_base_validates() -> bool:
    """True when ``CSTNode.__post_init__`` is the only one (so replacing it skips only checks)."""
    original = cst.CSTNode.__dict__.get("__post_init__")
    pending: list[type] = list(cst.CSTNode.__subclasses__())
    seen: set[type] = set()
    while pending:
        klass = pending.pop()
        if klass in seen:
            continue
        seen.add(klass)
        if "__post_init__" in klass.__dict__ and klass.__dict__["__post_init__"] is not original:
            return False
        pending.extend(klass.__subclasses__())
    return original is not None
