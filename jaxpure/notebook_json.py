"""Read a Jupyter notebook's JSON and write changed cell sources back into the same bytes.

``--fix`` must leave a notebook as it was apart from the fixed cells: indentation, key
order, metadata, outputs and the trailing newline. Re-serialising the whole document with
``json.dumps`` would not (escapes, separators and indentation vary between writers), so the
byte span of every code cell's ``"source"`` value is located with the standard library's
JSON scanner and only the spans of changed cells are replaced.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from json.decoder import WHITESPACE, scanstring  # type: ignore[attr-defined]

_DECODER = json.JSONDecoder()
_LINE = re.compile(r"[^\n]*\n|[^\n]+")


class NotebookError(ValueError):
    """Not a notebook jaxpure can read; the message is one line for the user."""


@dataclass(frozen=True)
class RawCell:
    index: int  # position among all cells, 0-based
    cell_type: str
    text: str  # the source joined into one string
    as_list: bool  # "source" was a list of lines (else one string)


@dataclass(frozen=True)
class RawNotebook:
    text: str  # the whole file, decoded (with its BOM, if it has one)
    cells: tuple[RawCell, ...]
    language: str  # "python" unless the metadata names another language


def read_notebook(data: bytes) -> RawNotebook:
    try:
        text = data.decode("utf-8")  # a BOM stays in ``text``, so writing keeps it
    except UnicodeDecodeError as error:
        raise NotebookError(f"cannot decode notebook as UTF-8: {error.reason}") from None
    try:
        document = json.loads(text.removeprefix("\ufeff"))
    except ValueError as error:
        raise NotebookError(f"not a valid notebook: invalid JSON ({error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotebookError("not a valid notebook: no \"cells\" list (nbformat 4 is supported)")
    cells = []
    for index, cell in enumerate(document["cells"]):
        if not isinstance(cell, dict):
            raise NotebookError(f"not a valid notebook: cell {index + 1} is not an object")
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            cells.append(RawCell(index, str(cell.get("cell_type")), "".join(source), True))
        elif isinstance(source, str):
            cells.append(RawCell(index, str(cell.get("cell_type")), source, False))
        else:
            raise NotebookError(f"not a valid notebook: cell {index + 1} has a \"source\" that "
                                "is neither a string nor a list of strings")
    return RawNotebook(text, tuple(cells), _language(document))


def _language(document: dict) -> str:
    metadata = document.get("metadata")
    if not isinstance(metadata, dict):
        return "python"
    info = metadata.get("language_info")
    if isinstance(info, dict) and isinstance(info.get("name"), str):
        return info["name"].lower()
    kernel = metadata.get("kernelspec")
    if isinstance(kernel, dict) and isinstance(kernel.get("language"), str):
        return kernel["language"].lower()
    return "python"


# --- writing changed cells back -----------------------------------------------------------

def replace_sources(notebook: RawNotebook, new_texts: dict[int, str]) -> str:
    """The file's text with the sources of the cells in ``new_texts`` (index -> text)
    replaced, every other byte as it was."""
    spans = _source_spans(notebook.text)
    ascii_only = notebook.text.isascii() and "\\u" in notebook.text
    out, last = [], 0
    for index in sorted(new_texts):
        start, end = spans[index]
        cell = notebook.cells[index]
        out.append(notebook.text[last:start])
        out.append(_encode_source(new_texts[index], notebook.text[start:end], cell.as_list,
                                  ascii_only))
        last = end
    out.append(notebook.text[last:])
    return "".join(out)


def _encode_source(text: str, original: str, as_list: bool, ascii_only: bool) -> str:
    if not as_list:
        return json.dumps(text, ensure_ascii=ascii_only)
    items = [json.dumps(line, ensure_ascii=ascii_only) for line in _LINE.findall(text)]
    if not items:
        return "[]"
    lead = re.match(r"\[(\s*)", original)
    trail = re.search(r"(\s*)\]$", original)
    opening = lead.group(1) if lead else ""
    closing = trail.group(1) if trail and original != "[]" else ""
    if "\n" in opening:
        return "[" + opening + ("," + opening).join(items) + closing + "]"
    separator = ", " if ", " in original else ","
    return "[" + opening + separator.join(items) + closing + "]"


def _source_spans(text: str) -> dict[int, tuple[int, int]]:
    """Cell index -> (start, end) of its "source" value in ``text``."""
    start = _skip(text, 1 if text.startswith("\ufeff") else 0)
    spans: dict[int, tuple[int, int]] = {}
    for key, value_start, _value_end in _members(text, start):
        if key != "cells":
            continue
        spans = {}  # a repeated key: json.loads keeps the last one
        for index, (cell_start, _cell_end) in enumerate(_elements(text, value_start)):
            for cell_key, source_start, source_end in _members(text, cell_start):
                if cell_key == "source":
                    spans[index] = (source_start, source_end)
    return spans


def _skip(text: str, index: int) -> int:
    return WHITESPACE.match(text, index).end()


def _members(text: str, index: int) -> Iterator[tuple[str, int, int]]:
    """(key, value start, value end) of the object starting at ``text[index]``."""
    if text[index] != "{":
        return
    index = _skip(text, index + 1)
    if text[index] == "}":
        return
    while True:
        key, index = scanstring(text, index + 1)
        index = _skip(text, index)
        index = _skip(text, index + 1)  # past ":"
        _, end = _DECODER.raw_decode(text, index)
        yield key, index, end
        index = _skip(text, end)
        if text[index] != ",":
            return
        index = _skip(text, index + 1)


def _elements(text: str, index: int) -> Iterator[tuple[int, int]]:
    """(start, end) of each element of the array starting at ``text[index]``."""
    if text[index] != "[":
        return
    index = _skip(text, index + 1)
    if text[index] == "]":
        return
    while True:
        _, end = _DECODER.raw_decode(text, index)
        yield index, end
        index = _skip(text, end)
        if text[index] != ",":
            return
        index = _skip(text, index + 1)
