"""Fuzzing: programs no one wrote on purpose never crash, hang or corrupt a fix.

Programs come from hypothesmith (random programs from Python's grammar) and from mutations
of the repository's own fixtures and examples (odd whitespace and characters that are not
line breaks, every kind of line ending, deleted and repeated lines, truncation, deep
nesting, other encodings). For each, in-process (the engine and the runner's fix loop):

- checking returns, within a time limit, a result and no internal error; positions lie
  inside the file; every output format renders it;
- ``--fix`` (unsafe fixes included) gives text that parses, that a second ``--fix`` leaves
  alone (idempotent), and that differs from the original only on the lines of the fixes.

CI runs a bounded sample (well under a minute); ``pytest -m slow`` runs thousands and
prints its count of programs, crashes and hangs.
"""

from __future__ import annotations

import difflib
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaxpure import runner
from jaxpure.engine import check_source
from jaxpure.findings import FileResult
from jaxpure.output import FORMATS, RenderOptions, render
from jaxpure.settings import Settings
from jaxpure.sources import DECODE_ERRORS, decode, split_lines, split_lines_keepends

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted([*(ROOT / "fixtures").rglob("*.py"), *(ROOT / "examples").rglob("*.py")])
TEXTS = [path.read_text(encoding="utf-8") for path in CORPUS]
FIXABLE = [text for text in TEXTS if ".at[" in text]  # JXP202 and others with fixes
# characters str.splitlines breaks at (Python does not), whitespace, and other oddities
ODD = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\t", " ", "\r",
       "\r\n", "\n", "\\\n", "\x00", "\ufeff", "\u00a0", "#", "(", ")", ":", "'''", "\\"]
# deep, but below what libcst's native parser survives in-process (its limits are
# parsing.py's business, tested with subprocesses there)
MAX_DEPTH = 120
SECONDS_PER_PROGRAM = 30
# and valid Python libcst rejects (a form feed inside brackets): parsing.py's NotParsed, the
# designed one-line outcome (test_hostile_parsing.py), not a crash
ALLOWED_ERRORS = ("skipped", "cannot decode", "file is too deeply nested",
                  "libcst cannot parse (CPython accepts it)")
SETTINGS = Settings()


# -- programs ------------------------------------------------------------------------------

def _insert(text: str, at: int, piece: str) -> str:
    at = at % (len(text) + 1)
    return text[:at] + piece + text[at:]


KINDS = ["odd", "ending", "mixed", "delete", "repeat", "truncate", "nest", "indent"]
# changes that keep most programs valid, so that their fixes are exercised
BENIGN = ["ending", "mixed", "comment", "comment"]


@st.composite
def mutation(draw, kinds: list[str] = KINDS) -> Callable[[str], str]:
    kind = draw(st.sampled_from(kinds))
    at = draw(st.integers(0, 1 << 16))
    if kind == "comment":  # an odd character in a comment line of its own
        piece = draw(st.sampled_from(ODD[:10]))  # not \r: no line break
        return lambda text: _insert_line(text, at, f"# note{piece}more\n")
    if kind == "odd":
        piece = draw(st.sampled_from(ODD))
        return lambda text: _insert(text, at, piece)
    if kind == "ending":
        newline = draw(st.sampled_from(["\r", "\r\n"]))
        return lambda text: text.replace("\n", newline)
    if kind == "mixed":
        endings = draw(st.lists(st.sampled_from(["\n", "\r", "\r\n"]), min_size=1, max_size=8))
        return lambda text: "".join(
            line.rstrip("\r\n") + endings[i % len(endings)] if line.endswith(("\r", "\n")) else line
            for i, line in enumerate(split_lines_keepends(text)))
    if kind in ("delete", "repeat"):
        size = draw(st.integers(1, 3))

        def lines_op(text: str) -> str:
            lines = split_lines_keepends(text)
            if not lines:
                return text
            start = at % len(lines)
            chunk = lines[start:start + size]
            rest = lines[start + size:]
            return "".join(lines[:start] + (chunk * 2 if kind == "repeat" else []) + rest)
        return lines_op
    if kind == "truncate":
        return lambda text: text[: at % (len(text) + 1)]
    if kind == "nest":
        depth = draw(st.integers(1, MAX_DEPTH))
        opener = draw(st.sampled_from(["(", "[", "{1: ", "-", "not ", "f(", "lambda: "]))
        closer = {"(": ")", "[": "]", "{1: ": "}", "-": "", "not ": "", "f(": ")", "lambda: ": ""}[opener]
        nested = "x = " + opener * depth + "1" + closer * depth + "\n"
        return lambda text: _insert_line(text, at, nested)
    width = draw(st.sampled_from(["\t", "  ", "\t  ", " \t", "\f    "]))
    return lambda text: _insert_line(text, at, width + "pass\n")


def _insert_line(text: str, at: int, line: str) -> str:
    lines = split_lines_keepends(text)
    index = at % (len(lines) + 1)
    return "".join(lines[:index] + [line] + lines[index:])


@st.composite
def mutated_file(draw) -> bytes:
    fixable = draw(st.booleans())
    text = draw(st.sampled_from(FIXABLE if fixable else TEXTS))
    kinds = BENIGN if fixable else KINDS
    for change in draw(st.lists(mutation(kinds), max_size=4)):
        text = change(text)
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "bom", "latin-1", "utf-16"]))
    if encoding == "bom":
        return b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass")
    if encoding == "latin-1":
        return b"# -*- coding: latin-1 -*-\n" + text.encode("latin-1", "replace")
    if encoding == "utf-16":
        return text.encode("utf-16")  # undecodable as Python source: one clear error
    return text.encode("utf-8", "surrogatepass")


def grammar_program() -> st.SearchStrategy[bytes]:
    hypothesmith = pytest.importorskip("hypothesmith")
    # a JAX import, so the engine analyses the program instead of skipping it
    return hypothesmith.from_grammar().map(lambda code: ("import jax\n" + code).encode())


# -- the properties ------------------------------------------------------------------------

@dataclass
class Tally:
    programs: int = 0
    fixed: int = 0
    crashes: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    bad_fixes: list[str] = field(default_factory=list)

    def report(self) -> str:
        return (f"fuzz: {self.programs} programs ({self.fixed} fixed), {len(self.crashes)} "
                f"crashes, {len(self.hangs)} hangs, {len(self.bad_fixes)} bad fixes")

    def assert_clean(self) -> None:
        failures = self.crashes + self.hangs + self.bad_fixes
        assert not failures, self.report() + "\n" + "\n\n".join(failures[:5])


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang


def examine(data: bytes, tally: Tally) -> None:
    tally.programs += 1
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS_PER_PROGRAM)
    started = time.monotonic()
    try:
        _check(data, tally)
    except _Hang:
        pass  # counted below
    except Exception as error:  # noqa: BLE001 - every failure is tallied, then reported
        tally.crashes.append(f"{type(error).__name__}: {error}\n{data[:2000]!r}")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    if time.monotonic() - started > SECONDS_PER_PROGRAM:
        tally.hangs.append(f"over {SECONDS_PER_PROGRAM} s: {data[:2000]!r}")


def _check(data: bytes, tally: Tally) -> None:
    result = check_source(data, "fuzz.py", SETTINGS)
    if result.error is not None and not result.error.startswith(ALLOWED_ERRORS):
        tally.crashes.append(f"{result.error}\n{data[:2000]!r}")
        return
    try:
        text = decode(data)
    except DECODE_ERRORS:
        return
    rows = len(split_lines(text))
    for finding in result.findings:
        if not (0 < finding.location.row <= rows and finding.location.column >= 1):
            tally.crashes.append(f"position {finding.location} outside the file\n{data[:2000]!r}")
    options = RenderOptions(sources={"fuzz.py": text})
    for fmt in FORMATS:
        render([result], fmt, options)
    if any(f.fix is not None for f in result.findings):
        _check_fix(data, text, tally)


def _fix(data: bytes) -> runner.Outcome:
    job = runner.Job("fuzz.py", "fuzz.py", None)
    return runner.check_job(job, SETTINGS, runner.FixMode(apply=True, unsafe=True, write=False),
                            data=data)


def _check_fix(data: bytes, text: str, tally: Tally) -> None:
    import libcst as cst

    first = _fix(data)
    if first.fixed_text is None:
        return
    tally.fixed += 1
    fixed = first.fixed_text
    problem = None
    try:
        cst.parse_module(fixed)
    except cst.ParserSyntaxError as error:
        problem = f"the fixed text does not parse: {error}"
    if problem is None:
        again = _fix(runner.encode_like(data, fixed))
        if again.fixed_text not in (None, fixed):
            problem = "a second --fix changed the text again"
    if problem is None:
        problem = _lines_outside_fixes(text, fixed, first)
    if problem is not None:
        tally.bad_fixes.append(f"{problem}\n{data[:2000]!r}")


def _lines_outside_fixes(before: str, after: str, outcome: runner.Outcome) -> str | None:
    rows = {row for finding in outcome.fixed for edit in finding.fix.edits  # type: ignore[union-attr]
            for row in range(edit.location.row, edit.end_location.row + 1)}
    old, new = split_lines_keepends(before), split_lines_keepends(after)
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        if tag != "equal" and not set(range(i1 + 1, i2 + 1)) <= rows:
            return f"lines {i1 + 1}-{i2} changed, fixes on lines {sorted(rows)}"
    return None


# -- the runs ------------------------------------------------------------------------------

def run(strategy: st.SearchStrategy[bytes], examples: int) -> Tally:
    tally = Tally()

    @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def each(data: bytes) -> None:
        examine(data, tally)

    each()
    return tally


def test_the_corpus_itself_is_examined_cleanly():
    tally = Tally()
    for text in [*FIXABLE[:6], *TEXTS[:: max(1, len(TEXTS) // 12)]]:
        examine(text.encode(), tally)
    tally.assert_clean()
    assert tally.fixed > 0  # the corpus has fixable findings, so fixes are exercised


def test_fuzz_mutated_files():
    tally = run(mutated_file(), 120)
    print(tally.report())
    tally.assert_clean()


@pytest.mark.filterwarnings("ignore::SyntaxWarning")
def test_fuzz_grammar_programs():
    tally = run(grammar_program(), 12)
    print(tally.report())
    tally.assert_clean()


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::SyntaxWarning")
def test_fuzz_long_run(capsys):
    tally = run(mutated_file(), 3000)
    grammar = run(grammar_program(), 200)
    tally.programs += grammar.programs
    tally.fixed += grammar.fixed
    for name in ("crashes", "hangs", "bad_fixes"):
        getattr(tally, name).extend(getattr(grammar, name))
    with capsys.disabled():
        print("\n" + tally.report())
    tally.assert_clean()


def test_the_checks_catch_what_they_claim(monkeypatch):
    """The harness itself: a crash, a hang and a bad fix are each tallied."""
    from jaxpure import fixer

    module = sys.modules[__name__]
    tally = Tally()
    examine(b"import jax\n\xff\xfe", tally)  # undecodable: an allowed error, not a crash
    assert not tally.crashes
    with monkeypatch.context() as patch:
        patch.setattr(module, "check_source",
                      lambda *a, **k: FileResult("fuzz.py", error="internal error (boom)"))
        examine(b"import jax\n", tally)
    assert len(tally.crashes) == 1
    with monkeypatch.context() as patch:
        patch.setattr(module, "SECONDS_PER_PROGRAM", 1)
        patch.setattr(module, "check_source", lambda *a, **k: time.sleep(5))
        examine(b"import jax\n", tally)
    assert len(tally.hangs) == 1
    with monkeypatch.context() as patch:
        patch.setattr(fixer, "apply_fixes",
                      lambda source, findings, unsafe=False: (source + "x = 1\n", list(findings)[:1]))
        examine(b"import jax\n\ndef f(x):\n    x.at[0].set(1.0)\n    return x\n", tally)
    assert len(tally.bad_fixes) == 1
