"""A baseline: today's findings recorded so that a run reports only new ones.

``--write-baseline FILE`` records each finding by a fingerprint that leaves out the line
number (as SARIF's partialFingerprints do): the path relative to the project root, the
code, the stripped text of the reported line and how many identical (code, text) findings
precede it in the file. Code inserted or deleted above a finding keeps it matched; editing
the reported line itself makes it new. ``--baseline FILE`` hides the recorded findings,
each fingerprint at most as many times as it was recorded.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from jaxpure.findings import FileResult, Finding

FORMAT_VERSION = 1


class BaselineError(Exception):
    """A baseline file that cannot be read or written; exit code 2."""


def fingerprints(result: FileResult, text: str | None, root: str) -> list[str]:
    """One fingerprint per finding of ``result``, in its order."""
    from jaxpure.output.common import relative_path, source_lines
    from jaxpure.output.sarif import fingerprint

    lines = source_lines(text)
    relative = relative_path(result.filename, root) or result.filename
    seen: Counter[tuple[str, str]] = Counter()
    out = []
    for finding in result.findings:
        row = finding.location.row
        stripped = lines[row - 1].strip() if 0 < row <= len(lines) else ""
        occurrence = seen[(finding.code, stripped)]
        seen[(finding.code, stripped)] += 1
        out.append(fingerprint(finding.code, relative, stripped, occurrence))
    return out


def write_baseline(path: str, results: Sequence[FileResult],
                   text_of: Callable[[FileResult], str | None], root: str) -> int:
    entries = []
    for result in results:
        if not result.findings:
            continue
        for finding, digest in zip(result.findings, fingerprints(result, text_of(result), root)):
            entries.append({"fingerprint": digest, "code": finding.code,
                            "path": _relative(finding, root), "row": finding.location.row})
    document = {"jaxpure_baseline": FORMAT_VERSION, "findings": entries}
    try:
        Path(path).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise BaselineError(f"cannot write baseline {path}: {error.strerror or error}") from None
    return len(entries)


def _relative(finding: Finding, root: str) -> str:
    from jaxpure.output.common import relative_path

    return relative_path(finding.filename, root) or finding.filename


def read_baseline(path: str) -> Counter[str]:
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot read baseline {path}: {error.strerror or error}") from None
    except ValueError as error:
        raise BaselineError(f"{path}: not a jaxpure baseline (invalid JSON: {error})") from None
    if not isinstance(document, dict) or document.get("jaxpure_baseline") != FORMAT_VERSION \
            or not isinstance(document.get("findings"), list):
        raise BaselineError(f"{path}: not a jaxpure baseline (write one with --write-baseline)")
    digests: Counter[str] = Counter()
    for entry in document["findings"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("fingerprint"), str):
            raise BaselineError(f"{path}: not a jaxpure baseline (an entry has no fingerprint)")
        digests[entry["fingerprint"]] += 1
    return digests


def without_baseline(results: Iterable[FileResult], recorded: Counter[str],
                     text_of: Callable[[FileResult], str | None],
                     root: str) -> tuple[list[FileResult], int]:
    """``results`` minus the recorded findings; and how many were matched."""
    from dataclasses import replace

    remaining = Counter(recorded)
    out, matched = [], 0
    for result in results:
        if not result.findings:
            out.append(result)
            continue
        kept = []
        for finding, digest in zip(result.findings, fingerprints(result, text_of(result), root)):
            if remaining[digest] > 0:
                remaining[digest] -= 1
                matched += 1
            else:
                kept.append(finding)
        out.append(replace(result, findings=tuple(kept)))
    return out, matched
