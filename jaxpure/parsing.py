"""Parse a module with libcst, without re-validating the nodes its native parser builds.

Every libcst node runs ``_validate()`` from ``__post_init__`` when it is constructed: checks
written for trees built by hand (a ``Name`` holds an identifier, parentheses pair up,
whitespace is whitespace). A tree from ``parse_module`` is built by the native parser from
text it has already accepted, so the checks pass (but for a few whitespace checks that
reject valid Python, such as ``return*x``, which the native parser and CPython accept), yet
they cost about an eighth of the parse (1.5 million nodes, a regular expression for each
piece of whitespace, on the benchmark corpus). libcst's own comment on ``CSTNode.__post_init__`` says as much ("PERF: ...
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

Nothing the parser meets may crash or hang the process: libcst's native parser overflows
its stack (a segfault: the whole run lost) on a 20,000-term ``and`` chain or 2,000 nested
parentheses, and its time grows with the square (or worse) of an expression's nesting
(``a + a + ...`` of 5,000 terms: 92 s; 200 nested calls: 2 s). So ``parse_module`` first
measures the deepest nesting with a cheap scan (``nesting_depth``; a cheaper upper bound,
``nesting_bound``, spares the scan for the files far below the limit, nearly all) and hands
libcst only what it parses in a few seconds. Above the limit, CPython decides: a file CPython rejects
is a syntax error (JXP001, CPython's message); one it accepts is not parsed (``NotParsed``,
one line, exit 2). JXP001 is only ever what CPython rejects: when libcst fails on a file
CPython accepts (odd form feeds and tabs in indentation), that is ``NotParsed`` too.
"""

from __future__ import annotations

import ast
import re
import sys
from functools import cache
from typing import Any

import libcst as cst

# bound now, so the parser's modules load with the engine (under fastimport's code cache)
_libcst_parse_module = cst.parse_module


# The deepest expression libcst is given: brackets, operators, trailers (``.a``, ``(x)``,
# ``[i]``) and adjacent strings, counted along one path into the expression. At this depth
# libcst takes at most a few seconds (subscript chains, the slowest, about 4 s); real code
# stays far below (a deep one: 40). CPython's own limit on brackets is 200.
MAX_NESTING = 1000


class NotParsed(Exception):
    """A file CPython accepts that libcst cannot (or must not) parse: one line, exit 2."""


class SyntaxRejected(Exception):
    """CPython rejects the file (found without libcst): a syntax error, JXP001."""

    def __init__(self, error: SyntaxError) -> None:
        super().__init__(error.msg)
        self.message = error.msg
        self.editor_line = error.lineno or 1
        self.editor_column = error.offset or 1


def parse_module(source: str) -> cst.Module:
    """``libcst.parse_module(source)``: the same tree, less work, never a crash.

    Raises ``cst.ParserSyntaxError`` or ``SyntaxRejected`` only for files CPython rejects,
    ``NotParsed`` for files it accepts that are not parsed.
    """
    depth = nesting_bound(source)
    if depth > MAX_NESTING:
        depth = nesting_depth(source)  # the bound is loose: the exact scan decides
    if depth > MAX_NESTING:
        rejected = _cpython_rejects(source)
        if rejected is not None:
            raise SyntaxRejected(rejected)
        raise NotParsed(f"libcst cannot parse (CPython accepts it): an expression nested {depth} "
                        f"deep, over the limit of {MAX_NESTING} that libcst parses safely; "
                        "split the expression, or exclude the file in [tool.jaxpure] exclude")
    try:
        return _parse(source)
    except cst.ParserSyntaxError:
        if _cpython_rejects(source) is not None:
            raise  # a syntax error: libcst's error, as libcst.parse_module raises it
        raise NotParsed("libcst cannot parse (CPython accepts it): the file was not analysed; "
                        "please report it to libcst") from None


def _cpython_rejects(source: str) -> SyntaxError | None:
    """CPython's syntax error for the file, or None when it compiles (NotParsed when even
    CPython gives up: too deep for its recursion limit)."""
    try:
        compile(source, "<checked file>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as error:
        return error
    except (RecursionError, MemoryError, ValueError):
        raise NotParsed("not parsed: too deeply nested for CPython to compile it either; "
                        "exclude the file in [tool.jaxpure] exclude") from None
    return None


def _parse(source: str) -> cst.Module:
    node_class = cst.CSTNode
    validating = node_class.__dict__.get("__post_init__")
    if validating is None or not _is_libcsts_own(validating) or not _only_base_validates():
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


# One pass over the text, token by token (strings and comments skipped whole). The depth
# at a point is the open brackets plus, for each of them (and the statement), the links of
# the chain in the current element: each operator, trailer or adjacent string nests the
# tree one level deeper in libcst; a comma, colon, `=` or the end of a statement starts a
# new element. An approximation (f-string internals are skipped; a float's dot counts) that
# errs towards deeper, and only matters near MAX_NESTING.
_TOKEN = re.compile(r"""
    # names other than the nesting keywords, numbers and blanks are consumed here, inside
    # the regex engine, so each turn of the Python loop below meets a token that counts;
    # possessive (*+): a failed match never retries other splits of a name
    (?:(?!(?:and|or|not|if|else|lambda|await)\b)[^\W\d]\w*+|\.?\d(?:[\w.]|(?<=[eE])[-+])*+|[ \t\f]++)*+
    # strings as unrolled loops, a run of plain characters per step (the same matches as a
    # lazy loop over single characters, in 15% less time of the whole scan)
    (?:(?P<string>[rRbBuUfF]{0,2}(?:'''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''
        |\"\"\"[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*\"\"\"
        |'[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*'|"[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"))
  | (?P<comment>\#[^\r\n]*)
  | (?P<continuation>\\\r?\n?)
  | (?P<keyword>(?:and|or|not|if|else|lambda|await)\b)
  | (?P<open>[(\[{])
  | (?P<close>[)\]}])
  | (?P<reset>[,;:]|[-+*/%@&|^<>!=]?=|\*\*=|//=|<<=|>>=|->|\.\.\.)
  | (?P<newline>\r?\n|\r)
  | (?P<operator>\*\*|//|<<|>>|[-+*/%@&|^~.]))
""", re.VERBOSE | re.DOTALL)
# ends an operand: an opening bracket after it is a trailer (a call or subscript)
_OPERAND_END = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_)]}'\"")


def nesting_depth(source: str) -> int:
    """The deepest nesting of an expression in ``source`` (see above), cheaply."""
    links = [0]  # per open bracket (and the statement at the bottom): links in this element
    total = 0  # sum(links) + open brackets, kept up to date
    deepest = 0
    string_end = -1  # where the last string ended: another string right after it nests
    for match in _TOKEN.finditer(source):
        kind = match.lastgroup
        if kind is None:
            continue  # (for the type checker: every match ends in a named token)
        if kind == "string":
            start = match.start(kind)
            # the prefix (`rb"..."`) was consumed as a name: what lies between the two
            # strings is blanks, maybe a line continuation, and at most that prefix
            between = source[string_end:start].strip(" \t\r\n\\\f")
            if string_end >= 0 and len(between) <= 2 and not between.strip("rRbBuUfF"):
                links[-1] += 1
                total += 1
            string_end = match.end()
        elif kind == "open":
            before = match.start(kind) - 1
            while before > 0 and source[before] in " \t":
                before -= 1
            if before >= 0 and (source[before] in _OPERAND_END or source[before].isalnum()):
                links[-1] += 1  # `f(` or `x[`: a keyword before `(` counts too (errs deeper)
                total += 1
            links.append(0)
            total += 1
        elif kind == "close":
            if len(links) > 1:
                total -= links.pop() + 1
            continue
        elif kind == "reset" or (kind == "newline" and len(links) == 1):
            total -= links[-1]
            links[-1] = 0
            continue
        elif kind == "operator" or kind == "keyword":  # each keyword nests: `in`, `is` do not
            links[-1] += 1
            total += 1
        else:
            continue  # comments, continuations
        if total > deepest:
            deepest = total
    return deepest


# --- a cheaper upper bound on nesting_depth ------------------------------------------------
#
# nesting_depth walks the text token by token in the regex engine (about 2.5% of a cold run).
# nesting_bound gives a number never below it, from a few passes of C-level string methods,
# and parse_module runs the exact scan only when the bound is over the limit. Why it bounds:
# the depth at a point is the open brackets plus, for each (and the statement), the links of
# the element the point is in (the text since that level's last reset: `,;:=` or, for the
# statement, a line end). Here the text is reduced to what can be a link (strings and
# comments to one `'` each, found by the same patterns as _TOKEN; keywords, also inside a
# name, where the exact scan can meet one after a failed match, to `'` too; names, numbers
# and blanks removed), then the innermost bracket pairs are replaced by one mark, round by
# round. A bracket enclosing the point is removed in a later round than the ones inside it,
# so each level is counted in its own round: its open bracket and at most the longest element
# of that round (every link is at least one character, the removed pair below it one mark).
# The statement level is counted last. What is left unpaired (not valid Python) gets no bound.
_LINKS_OR_SKIPPED = re.compile(rb"""
    '''[^'\\]*(?:(?:\\.|'(?!''))[^'\\]*)*'''
  | \"\"\"[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*\"\"\"
  | '[^'\\\r\n]*(?:\\.[^'\\\r\n]*)*' | "[^"\\\r\n]*(?:\\.[^"\\\r\n]*)*"
  | \#[^\r\n]*
  | and|or|not|if|else|lambda|await
""", re.VERBOSE | re.DOTALL)
# every reset as `,`; `\r` as a line end
_RESETS = bytes.maketrans(b";:=\r", b",,,\n")
# names, numbers (a number's dot and exponent sign stay: links at worst), blanks, and the
# backslashes of line continuations (their line ends removed first)
_NOT_LINKS = (b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ \t\f\\"
              + bytes(range(128, 256)))
_INNERMOST = re.compile(rb"[(\[{][^()\[\]{}]*[)\]}]")
_BRACKET = re.compile(rb"[()\[\]{}]")


def nesting_bound(source: str) -> int:
    """A number never below ``nesting_depth(source)`` (see above), cheaper to find."""
    text = _LINKS_OR_SKIPPED.sub(b"'", source.encode("utf-8", "surrogatepass"))
    if b"\\" in text:  # a continuation joins lines: no reset at its line end
        text = text.replace(b"\\\r\n", b"").replace(b"\\\n", b"").replace(b"\\\r", b"")
    text = text.translate(_RESETS, _NOT_LINKS)
    bound = 0
    while True:
        pairs = _INNERMOST.findall(text)
        if not pairs:
            break
        bound += 1 + max(map(len, b",".join(pairs).split(b",")))
        text = _INNERMOST.sub(b"'", text)
    if _BRACKET.search(text) is not None:
        return sys.maxsize  # brackets that do not pair
    return bound + max(map(len, text.replace(b"\n", b",").split(b",")))
