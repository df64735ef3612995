"""Jupyter notebooks: the code cells, in order, checked as one module.

A function jitted in a later cell is traced where it is defined, as in the running kernel.
Each code cell is first compiled alone: a cell that parses is used as written; one that
does not has its IPython lines masked (``%magic``, ``%%cell magic``, ``!shell``, ``obj?``
help) and is compiled again; then, if its first line is indented, without that indentation
on every line that starts with it, as IPython runs it (findings keep the columns as
written; no fix is offered there). A cell that still fails is one JXP001 finding, and its
lines are left blank in the module so the other cells are still checked.

Findings keep rows of that concatenated module (so ``# noqa``, fixes and the cache work
as for a ``.py`` file); :func:`annotate` adds the cell number and the cell's offset that
the output formats show (``nb.ipynb:cell 3:2:5``). Cells are numbered from 1 among all
cells of the file, markdown included, as ruff numbers them.
"""

from __future__ import annotations

import ast
import bisect
import difflib
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from jaxpure.findings import FileResult, Finding, Location
from jaxpure.notebook_json import NotebookError, RawNotebook, read_notebook, replace_sources

if TYPE_CHECKING:
    from jaxpure.analysis.module.summary import ModuleSummary, Seed
    from jaxpure.settings import Settings

NOTEBOOK_SUFFIX = ".ipynb"
SYNTAX_ERROR = "JXP001"
MAX_FIX_PASSES = 4
# cell magics whose body is Python run by the kernel; any other %%magic body is not Python
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug", "python",
                                "python3", "memit", "snakeviz", "jax_log_compiles"})
_LINE_MAGIC = re.compile(r"^([ \t]*)(?:%|!|\?)")
_HELP = re.compile(r"^[ \t]*[\w.]+\?{1,2}[ \t]*$")
_ASSIGNED_MAGIC = re.compile(r"^([ \t]*[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*=[ \t]*)[%!]")
_COMPILE_FLAGS = ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
# IPython's automagic (on by default) runs a line that starts with a line magic's name, as
# `pip install x` or `cd data`, as that magic; such a line is masked only where it is not
# Python on its own (`time = 3` stays an assignment)
_AUTOMAGIC = re.compile(r"^[ \t]*(?:pip|conda|mamba|micromamba|cd|load_ext|matplotlib|run|env"
                        r"|timeit|time|pdb|config|reset|who|whos|pwd|ls)[ \t]+\S")


def is_notebook(path: str) -> bool:
    return path.lower().endswith(NOTEBOOK_SUFFIX)


@dataclass(frozen=True)
class Cell:
    number: int  # 1-based among all cells
    index: int  # 0-based among all cells
    text: str  # as written in the notebook
    analysed: str  # what goes into the module: the text, masked, or blank lines
    offset: int  # rows of the module before this cell's first line
    rows: int
    error: tuple[str, int, int] | None = None  # (message, row, column) if it does not parse
    indent: int = 0  # the leading indentation removed from every line, as IPython does


@dataclass(frozen=True)
class Layout:
    notebook: RawNotebook
    cells: tuple[Cell, ...]  # the code cells

    @property
    def source(self) -> str:
        return "".join(cell.analysed for cell in self.cells)

    @property
    def written_source(self) -> str:
        """The cells as written, on the same rows as :attr:`source` (for display)."""
        return "".join(_body(cell.text) for cell in self.cells)

    def cell_at(self, row: int) -> Cell | None:
        starts = [cell.offset for cell in self.cells]
        position = bisect.bisect_right(starts, row - 1) - 1
        if position < 0:
            return None
        cell = self.cells[position]
        return cell if row - cell.offset <= max(cell.rows, 1) else None


def layout(data: bytes) -> Layout:
    """The code cells of a notebook; raises NotebookError."""
    return _layout_of(read_notebook(data))


def _layout_of(notebook: RawNotebook, texts: dict[int, str] | None = None) -> Layout:
    cells: list[Cell] = []
    offset = 0
    if notebook.language not in ("python", "python3"):
        return Layout(notebook, ())
    for raw in notebook.cells:
        if raw.cell_type != "code":
            continue
        text = texts.get(raw.index, raw.text) if texts else raw.text
        body = text if text.endswith("\n") or not text else text + "\n"
        rows = body.count("\n")
        analysed, error = _analysable(body)
        indent = 0
        if error is not None:
            indent = _leading_indent(body)
            dedented, dedented_error = _analysable(_dedent(body, indent)) if indent else (body, error)
            if dedented_error is None:
                analysed, error = dedented, None
            else:
                analysed, indent = "\n" * rows, 0
        cells.append(Cell(raw.index + 1, raw.index, text, analysed, offset, rows, error, indent))
        offset += rows
    return Layout(notebook, tuple(cells))


def _analysable(body: str) -> tuple[str, tuple[str, int, int] | None]:
    """The cell's text, or its text with IPython lines masked; or why neither parses."""
    if _compile_error(body) is None:
        return body, None
    masked = mask_ipython(body)
    error = _compile_error(masked)
    return masked, error


def _leading_indent(body: str) -> int:
    """The width of the first line's indentation: IPython removes it from every line of the
    cell that starts with it before running the cell (its ``leading_indent`` transform)."""
    match = re.match(r"[ \t]+", body)
    return len(match.group(0)) if match else 0


def _dedent(body: str, width: int) -> str:
    prefix = body[:width]
    return "\n".join(line[width:] if line.startswith(prefix) else line
                     for line in body.split("\n"))


def _compile_error(text: str) -> tuple[str, int, int] | None:
    try:
        with warnings.catch_warnings():  # a cell's invalid escape is not ours to report
            warnings.simplefilter("ignore")
            compile(text, "<cell>", "exec", flags=_COMPILE_FLAGS, dont_inherit=True)
    except SyntaxError as error:
        return error.msg, max(error.lineno or 1, 1), max(error.offset or 1, 1)
    except (ValueError, RecursionError, MemoryError) as error:
        return str(error) or type(error).__name__, 1, 1
    return None


def mask_ipython(body: str) -> str:
    """IPython syntax replaced by Python that parses, on the same rows."""
    lines = body.split("\n")
    first = lines[0].strip()
    if first.startswith("%%"):
        name = first[2:].split(None, 1)[0] if first[2:].strip() else ""
        if name not in PYTHON_CELL_MAGICS:
            return "\n" * (len(lines) - 1)  # a %%bash, %%html, %%writefile... body
        lines[0] = ""
    continued = False
    for i, line in enumerate(lines):
        if continued:
            # IPython joins a magic's backslash continuation (`!git clone ... \` then the
            # URL on the next line) into the command: the line is not Python
            continued = line.endswith("\\")
            lines[i] = ""
            continue
        assigned = _ASSIGNED_MAGIC.match(line)
        continued = bool(assigned or _LINE_MAGIC.match(line)) and line.endswith("\\")
        if assigned:
            lines[i] = assigned.group(1) + "None"
        elif _LINE_MAGIC.match(line) or _HELP.match(line) or _automagic(line):
            indent = re.match(r"[ \t]*", line).group(0)  # type: ignore[union-attr]
            lines[i] = indent + "pass"
    return "\n".join(lines)


def _automagic(line: str) -> bool:
    if not _AUTOMAGIC.match(line):
        return False
    try:
        compile(line.strip(), "<line>", "exec", flags=_COMPILE_FLAGS, dont_inherit=True)
    except SyntaxError:
        return True
    except (ValueError, RecursionError, MemoryError):
        return False
    return False


# --- checking ------------------------------------------------------------------------------

@dataclass(frozen=True)
class NotebookCheck:
    result: FileResult  # remaining findings, rows of the concatenated module
    summary: ModuleSummary | None = None
    fixed: tuple[Finding, ...] = ()
    new_text: str | None = None  # the whole file after fixes
    diff: str = ""


def check(data: bytes, filename: str, settings: Settings, *, relpath: str | None = None,
          package: str | None = None, seeds: Sequence[Seed] = (), fix: bool = False,
          unsafe: bool = False) -> NotebookCheck:
    """Findings of a notebook, and its fixed text when ``fix``. Never raises."""
    try:
        shape = layout(data)
    except NotebookError as error:
        return NotebookCheck(FileResult(filename, error=str(error)))
    first = _analyse(shape, filename, settings, relpath, package, seeds)
    if not fix or first.result.error is not None:
        return first
    return _fix(shape, first, filename, settings, relpath, package, seeds, unsafe)


def _analyse(shape: Layout, filename: str, settings: Settings, relpath: str | None,
             package: str | None, seeds: Sequence[Seed]) -> NotebookCheck:
    from jaxpure import engine

    analysis = engine.analyze_source(shape.source, filename, settings, relpath=relpath,
                                     package=package, seeds=seeds)
    if analysis.result.error is not None:
        return NotebookCheck(analysis.result)
    findings = list(analysis.result.findings)
    where = relpath if relpath is not None else filename
    if settings.is_enabled(SYNTAX_ERROR) and not settings.ignored_for_file(SYNTAX_ERROR, where):
        for cell in shape.cells:
            if cell.error is not None:
                message, row, column = cell.error
                location = Location(cell.offset + min(row, max(cell.rows, 1)), column)
                findings.append(Finding(filename, SYNTAX_ERROR, "syntax-error",
                                        f"syntax error: {message}", location, location))
    findings.sort(key=lambda f: f.sort_key)
    return NotebookCheck(FileResult(filename, tuple(findings)), _unimportable(analysis.summary))


def _unimportable(summary: ModuleSummary | None) -> ModuleSummary | None:
    """A notebook calls into the project's modules, but nothing imports it: its summary
    gets a name no import resolves to (and that cannot clash with ``train.py`` next to
    ``train.ipynb``, which would drop both from the analysis across modules)."""
    if summary is None or not summary.module:
        return summary
    return replace(summary, module=f"{summary.module}{NOTEBOOK_SUFFIX}")


def _fix(shape: Layout, first: NotebookCheck, filename: str, settings: Settings,
         relpath: str | None, package: str | None, seeds: Sequence[Seed],
         unsafe: bool) -> NotebookCheck:
    from jaxpure.fixer import apply_fixes

    current, texts, applied_all = first, {c.index: c.text for c in shape.cells}, []
    for _ in range(MAX_FIX_PASSES):
        candidates = [f for f in current.result.findings if _fix_stays_in_a_cell(f, shape)]
        _, applied = apply_fixes(shape.source, candidates, unsafe)
        if not applied:
            break
        new_texts = dict(texts)
        for cell in shape.cells:
            mine = [f for f in applied if shape.cell_at(f.location.row) is cell]
            if mine:
                new_texts[cell.index] = _apply_edits(cell, mine)
        new_shape = _layout_of(shape.notebook, new_texts)
        if any(c.error is not None and old.error is None for c, old in zip(new_shape.cells, shape.cells)):
            break  # never write a cell that no longer parses
        rechecked = _analyse(new_shape, filename, settings, relpath, package, seeds)
        if rechecked.result.error is not None:
            break
        shape, texts, current = new_shape, new_texts, rechecked
        applied_all.extend(applied)
    if not applied_all:
        return first
    original = {c.index: c.text for c in _layout_of(shape.notebook).cells}
    changed = {index: text for index, text in texts.items() if text != original[index]}
    new_text = replace_sources(shape.notebook, changed)
    diff = "".join(_cell_diff(filename, index, original[index], text)
                   for index, text in sorted(changed.items()))
    return replace(current, fixed=tuple(applied_all), new_text=new_text, diff=diff)


def _fix_stays_in_a_cell(finding: Finding, shape: Layout) -> bool:
    """A fix applies to a notebook only inside one cell that was used as written."""
    if finding.fix is None:
        return False
    cell = shape.cell_at(finding.location.row)
    if cell is None or cell.error is not None or cell.indent:
        return False
    last = cell.offset + cell.rows
    masked = _masked_rows(cell)
    return all(cell.offset < e.location.row <= last and e.end_location.row <= last + 1
               and not any(row - cell.offset in masked
                           for row in range(e.location.row, e.end_location.row + 1))
               for e in finding.fix.edits)


def _masked_rows(cell: Cell) -> set[int]:
    """Rows (within the cell) whose analysed text is not what is written: never edited."""
    written = _body(cell.text).split("\n")
    return {row for row, (a, b) in enumerate(zip(cell.analysed.split("\n"), written), start=1)
            if a != b}


def _body(text: str) -> str:
    return text if text.endswith("\n") or not text else text + "\n"


def _apply_edits(cell: Cell, findings: Sequence[Finding]) -> str:
    """The cell's text with the edits of ``findings`` (module rows) applied."""
    body = _body(cell.text)
    starts = [0] + [i + 1 for i, ch in enumerate(body) if ch == "\n"]

    def offset(location: Location) -> int:
        row = location.row - cell.offset
        return starts[row - 1] + location.column - 1 if row <= len(starts) else len(body)

    edits = sorted((e for f in findings for e in f.fix.edits),  # type: ignore[union-attr]
                   key=lambda e: e.location, reverse=True)
    for edit in edits:
        body = body[:offset(edit.location)] + edit.content + body[offset(edit.end_location):]
    if cell.text and not cell.text.endswith("\n") and body.endswith("\n"):
        body = body[:-1]  # a cell written without a final newline keeps none
    return body


def _cell_diff(filename: str, index: int, before: str, after: str) -> str:
    label = f"{filename}:cell {index + 1}"
    lines = difflib.unified_diff(_body(before).splitlines(keepends=True),
                                 _body(after).splitlines(keepends=True),
                                 fromfile=label, tofile=label)
    return "".join(lines)


# --- positions for output -----------------------------------------------------------------

def annotate(result: FileResult, data: bytes) -> FileResult:
    """``result`` with each finding's cell number and offset, for the output formats."""
    if not result.findings:
        return result
    try:
        shape = layout(data)
    except NotebookError:
        return result
    findings = []
    for finding in result.findings:
        cell = shape.cell_at(finding.location.row)
        if cell is None:
            findings.append(finding)
            continue
        def in_cell(text: str, cell: Cell = cell) -> str:
            return _LINE_REFERENCE.sub(lambda m: _cell_line(shape, cell, int(m.group(1))), text)

        start, end = _as_written(finding, cell)
        findings.append(replace(finding, message=in_cell(finding.message),
                                detail=in_cell(finding.detail), cell=cell.number,
                                cell_offset=cell.offset, location=start, end_location=end))
    return replace(result, findings=tuple(findings))


def _as_written(finding: Finding, cell: Cell) -> tuple[Location, Location]:
    """The finding's start and end, in columns as written when the cell was analysed
    without its leading indent."""
    start, end = finding.location, finding.end_location
    if not cell.indent:
        return start, end
    return (replace(start, column=start.column + cell.indent),
            replace(end, column=end.column + cell.indent))


_LINE_REFERENCE = re.compile(r"\bline (\d+)\b")


def _cell_line(shape: Layout, here: Cell, row: int) -> str:
    """A message's "line N" (a row of the module) as the user sees it in the notebook."""
    cell = shape.cell_at(row)
    if cell is None:
        return f"line {row}"
    if cell is here:
        return f"line {row - cell.offset}"
    return f"line {row - cell.offset} of cell {cell.number}"


def module_source(data: bytes) -> str | None:
    """The concatenated code cells that findings' rows refer to (snippets, fingerprints)."""
    try:
        return layout(data).written_source
    except NotebookError:
        return None


def annotate_all(results: Sequence[FileResult], stdin: dict[str, bytes]) -> list[FileResult]:
    """:func:`annotate` for the notebooks among ``results`` (read again, or from ``stdin``)."""
    out = []
    for result in results:
        if result.findings and is_notebook(result.filename):
            data = stdin.get(result.filename)
            if data is None:
                data = _read(result.filename)
            if data is not None:
                result = annotate(result, data)
        out.append(result)
    return out


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None
