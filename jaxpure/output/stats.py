"""``--statistics``: how often each code was reported, most frequent first.

    3	JXP202	[*] discarded-at-update
    1	JXP001	[ ] syntax-error

As in ruff, the ``[*]``/``[ ]`` fixability column appears only when some listed code has a
fix that ``--fix`` would apply; counts are right-aligned and codes padded so the names line up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from jaxpure.findings import FileResult
from jaxpure.output.options import RenderOptions
from jaxpure.output.common import findings_of, fix_is_applicable


def render_statistics(results: Sequence[FileResult], options: RenderOptions) -> str:
    counts: Counter[str] = Counter()
    names: dict[str, str] = {}
    fixable: set[str] = set()
    for finding in findings_of(results):
        counts[finding.code] += 1
        names.setdefault(finding.code, finding.name)
        if finding.fix is not None and fix_is_applicable(finding.fix, options.unsafe_fixes):
            fixable.add(finding.code)
    if not counts:
        return ""
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    count_width = max(len(str(count)) for _, count in ordered)
    code_width = max(len(code) for code, _ in ordered)
    lines = []
    for code, count in ordered:
        marker = ("[*] " if code in fixable else "[ ] ") if fixable else ""
        lines.append(f"{count:>{count_width}}\t{code:<{code_width}}\t{marker}{names[code]}")
    return "".join(line + "\n" for line in lines)
