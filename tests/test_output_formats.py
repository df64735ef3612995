"""Every output format on hand-built findings, SARIF against the 2.1.0 schema, and the CLI.

The CLI tests at the end need flags owned by the CLI (``--output-format``,
``--output-file``, ``--statistics``); they skip while ``jaxpure check --help`` lacks them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from jaxpure.findings import FileResult
from jaxpure.output import FORMATS, RenderOptions, render, statistics
from jaxpure.output import common as output_common
from jaxpure.output.github import escape_data, escape_property

ROOT = Path(__file__).resolve().parent.parent

from output_support import MESSAGE, SAFE_FIX, SOURCE, UNSAFE_FIX, finding, options, sarif_validator


# -- registry -----------------------------------------------------------------------------

def test_every_documented_format_is_registered():
    assert FORMATS == ("concise", "full", "json", "json-lines", "sarif", "github")


def test_unknown_format_is_rejected_with_the_choices():
    with pytest.raises(ValueError, match="concise, full, json"):
        render([], "xml")


@pytest.mark.parametrize("fmt", FORMATS)
def test_file_errors_are_not_findings(fmt, tmp_path):
    results = [FileResult(str(tmp_path / "gone.py"), error="cannot read file")]
    text = render(results, fmt, options(tmp_path))
    assert "cannot read file" not in text or fmt == "sarif"


def test_default_format_does_not_import_libcst_or_the_rules():
    # startup stays light: `jaxpure check` with the default format renders without rules
    code = (
        "import sys\n"
        "from jaxpure.findings import FileResult\n"
        "from jaxpure.output import render\n"
        "render([FileResult('a.py')])\n"
        "assert 'libcst' not in sys.modules and 'jaxpure.rules' not in sys.modules, "
        "sorted(m for m in sys.modules if m.startswith(('libcst', 'jaxpure')))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# -- concise ------------------------------------------------------------------------------

def test_concise_is_one_line_per_finding_in_the_given_order():
    results = [
        FileResult("b.py", (finding("b.py", start=(1, 2)), finding("b.py", start=(4, 1)))),
        FileResult("a.py", (finding("a.py", "JXP001", (7, 3), (7, 3), "syntax error: x"),)),
    ]
    assert render(results) == (
        f"b.py:1:2: JXP202 {MESSAGE}\n"
        f"b.py:4:1: JXP202 {MESSAGE}\n"
        "a.py:7:3: JXP001 syntax error: x\n"
    )


def test_concise_shows_fixes_on_request():
    results = [FileResult("m.py", (finding("m.py", fix=SAFE_FIX), finding("m.py", start=(4, 5)),
                                   finding("m.py", start=(5, 5), fix=UNSAFE_FIX)))]
    assert render(results, "concise", RenderOptions(show_fixes=True)) == (
        f"m.py:3:5: JXP202 {MESSAGE}\n"
        "    help: Assign the result back to `x` ([*] safe fix)\n"
        f"m.py:4:5: JXP202 {MESSAGE}\n"
        f"m.py:5:5: JXP202 {MESSAGE}\n"
        "    help: Use `jax.debug.print` ([ ] unsafe fix, use --unsafe-fixes)\n"
    )
    assert "help:" not in render(results, "concise", RenderOptions())


def test_concise_without_findings_is_empty():
    assert render([FileResult("a.py")], "concise") == ""


# -- full ---------------------------------------------------------------------------------

def full(results, **overrides) -> str:
    return render(results, "full", RenderOptions(**overrides))


def test_full_underlines_the_span_and_labels_a_safe_fix():
    result = FileResult("m.py", (finding("m.py", fix=SAFE_FIX),))
    assert full([result], sources={"m.py": SOURCE}) == (
        f"m.py:3:5: JXP202 {MESSAGE}\n"
        "  |\n"
        "3 |     x.at[0].set(1.0)\n"
        "  |     ^^^^^^^^^^^^^^^^\n"
        "  |\n"
        "  = help: Assign the result back to `x`\n"
        "  = [*] safe fix\n"
    )


@pytest.mark.parametrize("unsafe_fixes, label", [
    (False, "[ ] unsafe fix, use --unsafe-fixes"),
    (True, "[*] unsafe fix"),
])
def test_full_labels_an_unsafe_fix_by_the_unsafe_fixes_setting(unsafe_fixes, label):
    result = FileResult("m.py", (finding("m.py", fix=UNSAFE_FIX),))
    text = full([result], sources={"m.py": SOURCE}, unsafe_fixes=unsafe_fixes)
    assert text.endswith(f"  = help: Use `jax.debug.print`\n  = {label}\n")


def test_full_without_the_source_shows_the_header_and_the_fix():
    result = FileResult("m.py", (finding("m.py", fix=SAFE_FIX), finding("m.py", start=(4, 5))))
    assert full([result]) == (
        f"m.py:3:5: JXP202 {MESSAGE}\n"
        "  |\n"
        "  = help: Assign the result back to `x`\n"
        "  = [*] safe fix\n"
        "\n"
        f"m.py:4:5: JXP202 {MESSAGE}\n"
    )


def test_full_underlines_every_line_of_a_multi_line_span():
    source = "import jax\ndef f(x):\n    x.at[\n        0\n    ].set(1.0)\n"
    result = FileResult("m.py", (finding("m.py", start=(3, 5), end=(5, 15)),))
    assert full([result], sources={"m.py": source}) == (
        f"m.py:3:5: JXP202 {MESSAGE}\n"
        "  |\n"
        "3 |     x.at[\n"
        "  |     ^^^^^\n"
        "4 |         0\n"
        "  |         ^\n"
        "5 |     ].set(1.0)\n"
        "  |     ^^^^^^^^^^\n"
        "  |\n"
    )


def test_full_span_ending_at_a_line_start_stops_at_the_previous_line():
    result = FileResult("m.py", (finding("m.py", start=(3, 5), end=(4, 1)),))
    text = full([result], sources={"m.py": SOURCE})
    assert "4 |" not in text
    assert "3 |     x.at[0].set(1.0)\n  |     ^^^^^^^^^^^^^^^^\n" in text


def test_full_elides_the_middle_of_a_long_span():
    source = "".join(f"line{i}\n" for i in range(1, 31))
    result = FileResult("m.py", (finding("m.py", start=(2, 1), end=(25, 7)),))
    text = full([result], sources={"m.py": source})
    shown = [line.split("|")[0].strip() for line in text.splitlines()[1:] if line[:2].strip()]
    assert shown == ["2", "3", "4", "5", "..", "24", "25"]


def test_full_marks_a_point_with_one_caret_even_past_the_line_end():
    source = "import jax\ndef f(x) return x\n"
    result = FileResult("m.py", (finding("m.py", "JXP001", (2, 18), (2, 18), "syntax error"),))
    text = full([result], sources={"m.py": source})
    assert "2 | def f(x) return x\n  | " + " " * 17 + "^\n" in text


def test_full_keeps_carets_aligned_after_tabs_and_wide_characters():
    source = "import jax\n\tデータ.at[0].set(1)\n"
    result = FileResult("m.py", (finding("m.py", start=(2, 5), end=(2, 18)),))
    text = full([result], sources={"m.py": source})
    # the tab is kept, each wide character takes two cells
    assert "2 | \tデータ.at[0].set(1)\n  | \t      ^^^^^^^^^^^^^\n" in text


def test_full_underlines_the_whole_wide_span():
    source = "import jax\nデータ.at[0].set(1)\n"
    result = FileResult("m.py", (finding("m.py", start=(2, 1), end=(2, 4)),))
    assert "  | ^^^^^^\n" in full([result], sources={"m.py": source})


def test_full_counts_rows_like_libcst_not_like_str_splitlines():
    # a form feed is not a line break for Python's tokenizer
    source = "import jax\n\x0c\ndef f(x):\n    x.at[0].set(1.0)\n"
    result = FileResult("m.py", (finding("m.py", start=(4, 5), end=(4, 21)),))
    assert "4 |     x.at[0].set(1.0)\n" in full([result], sources={"m.py": source})


def test_full_treats_an_end_before_the_start_as_a_point():
    result = FileResult("m.py", (finding("m.py", start=(4, 5), end=(3, 21)),))
    text = full([result], sources={"m.py": SOURCE})
    assert "4 |     return x\n  |     ^\n" in text


def test_full_widens_the_gutter_for_large_line_numbers():
    source = "x\n" * 99 + "    x.at[0].set(1.0)\n"
    result = FileResult("m.py", (finding("m.py", start=(100, 5), end=(100, 21)),))
    text = full([result], sources={"m.py": source})
    assert "    |\n100 |     x.at[0].set(1.0)\n    |     ^^^^" in text


# -- json ---------------------------------------------------------------------------------

def test_json_mirrors_ruffs_fields_with_sorted_keys(tmp_path):
    results = [FileResult("m.py", (finding("m.py", fix=SAFE_FIX),))]
    text = render(results, "json", options(tmp_path))
    data = json.loads(text)
    assert data == [{
        "code": "JXP202",
        "end_location": {"column": 21, "row": 3},
        "filename": "m.py",
        "fix": {
            "applicability": "safe",
            "edits": [{"content": "x = x.at[0].set(1.0)",
                       "end_location": {"column": 21, "row": 3},
                       "location": {"column": 5, "row": 3}}],
            "message": "Assign the result back to `x`",
        },
        "detail": "",
        "location": {"column": 5, "row": 3},
        "message": MESSAGE,
        "name": "discarded-at-update",
        "noqa_row": 3,
        "url": "https://github.com/jaxpure/jaxpure/blob/main/docs/rules.md#jxp202",
    }]
    keys = [line.strip().split(":")[0] for line in text.splitlines() if line.startswith('    "')]
    assert keys == sorted(keys)


def test_json_lists_unsafe_fixes_and_nulls(tmp_path):
    results = [FileResult("m.py", (
        finding("m.py", fix=UNSAFE_FIX),
        finding("m.py", "JXP999", name="made-up"),
    ))]
    data = json.loads(render(results, "json", options(tmp_path)))
    assert data[0]["fix"]["applicability"] == "unsafe"
    assert data[1]["fix"] is None
    assert data[1]["url"] is None  # not a known rule: no documentation to link


def test_json_without_a_docs_url_has_null_urls(tmp_path):
    results = [FileResult("m.py", (finding("m.py"),))]
    data = json.loads(render(results, "json", options(tmp_path, rule_docs_url=None)))
    assert data[0]["url"] is None


def test_json_of_nothing_is_an_empty_array():
    assert json.loads(render([FileResult("a.py")], "json")) == []


def test_json_lines_is_one_sorted_object_per_line(tmp_path):
    results = [FileResult("a.py", (finding("a.py"), finding("a.py", start=(4, 1), message="ü\n%")))]
    text = render(results, "json-lines", options(tmp_path))
    lines = text.splitlines()
    assert len(lines) == 2 and text.endswith("\n")
    objects = [json.loads(line) for line in lines]
    assert objects == json.loads(render(results, "json", options(tmp_path)))
    assert objects[1]["message"] == "ü\n%"
    assert list(objects[0]) == sorted(objects[0])
    assert render([FileResult("a.py")], "json-lines") == ""


# -- github -------------------------------------------------------------------------------

def github(results, root) -> list[str]:
    return render(results, "github", RenderOptions(root=str(root))).splitlines()


def test_github_annotation_for_a_single_line_span(tmp_path):
    path = str(tmp_path / "pkg" / "model.py")
    assert github([FileResult(path, (finding(path),))], tmp_path) == [
        "::error title=jaxpure (JXP202),file=pkg/model.py,line=3,col=5,endLine=3,endColumn=21"
        f"::pkg/model.py:3:5: JXP202 {MESSAGE}"
    ]


def test_github_omits_columns_for_a_multi_line_span(tmp_path):
    path = str(tmp_path / "m.py")
    (line,) = github([FileResult(path, (finding(path, start=(3, 5), end=(5, 2)),))], tmp_path)
    assert line.startswith("::error title=jaxpure (JXP202),file=m.py,line=3,endLine=5::m.py:3:5: ")


def test_github_escapes_message_data_and_property_values(tmp_path):
    path = str(tmp_path / "a,b:c%.py")
    item = finding(path, message="100% sure\r\nreally: yes, true")
    (line,) = github([FileResult(path, (item,))], tmp_path)
    properties, data = line[len("::error "):].split("::", 1)
    assert "file=a%2Cb%3Ac%25.py," in properties
    assert data == "a,b:c%25.py:3:5: JXP202 100%25 sure%0D%0Areally: yes, true"
    assert "\n" not in line and "\r" not in line


def test_github_escaping_functions():
    assert escape_data("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad:e,f"
    assert escape_property("a%b\rc\nd:e,f") == "a%25b%0Dc%0Ad%3Ae%2Cf"


def test_github_uses_warning_for_warning_level_rules(tmp_path, monkeypatch):
    class WarningRule:
        code, level = "JXP999", "warning"

    table = dict(output_common.rule_table(), JXP999=WarningRule)
    monkeypatch.setattr(output_common, "rule_table", lambda: table)
    path = str(tmp_path / "m.py")
    lines = github([FileResult(path, (finding(path, code="JXP999"), finding(path)))], tmp_path)
    assert lines[0].startswith("::warning title=jaxpure (JXP999),")
    assert lines[1].startswith("::error title=jaxpure (JXP202),")


def test_github_point_span_keeps_end_column_not_before_col(tmp_path):
    path = str(tmp_path / "m.py")
    (line,) = github([FileResult(path, (finding(path, "JXP001", (2, 9), (2, 9), "syntax"),))], tmp_path)
    assert ",line=2,col=9,endLine=2,endColumn=9::" in line


# -- statistics ---------------------------------------------------------------------------

def test_statistics_sorted_by_count_then_code_with_fix_markers():
    results = [
        FileResult("a.py", (
            finding("a.py", "JXP301", name="python-if-on-tracer"),
            finding("a.py", "JXP202", fix=SAFE_FIX),
            finding("a.py", "JXP202"),
        )),
        FileResult("b.py", (
            finding("b.py", "JXP101", name="stale-global"),
            finding("b.py", "JXP301", name="python-if-on-tracer"),
        )),
    ]
    assert statistics(results) == (
        "2\tJXP202\t[*] discarded-at-update\n"
        "2\tJXP301\t[ ] python-if-on-tracer\n"
        "1\tJXP101\t[ ] stale-global\n"
    )


def test_statistics_has_no_marker_column_when_nothing_is_fixable():
    results = [FileResult("a.py", (finding("a.py"), finding("a.py", "JXP001", name="syntax-error")))]
    assert statistics(results) == "1\tJXP001\tsyntax-error\n1\tJXP202\tdiscarded-at-update\n"


def test_statistics_counts_unsafe_fixes_only_with_unsafe_fixes():
    results = [FileResult("a.py", (finding("a.py", fix=UNSAFE_FIX),))]
    assert statistics(results) == "1\tJXP202\tdiscarded-at-update\n"
    assert statistics(results, RenderOptions(unsafe_fixes=True)) == "1\tJXP202\t[*] discarded-at-update\n"


def test_statistics_aligns_counts_and_codes():
    many = tuple(finding("a.py", start=(i, 1)) for i in range(1, 11))
    results = [FileResult("a.py", many + (finding("a.py", "JXP01", name="short"),))]
    assert statistics(results) == "10\tJXP202\tdiscarded-at-update\n 1\tJXP01 \tshort\n"


def test_statistics_of_nothing_is_empty():
    assert statistics([FileResult("a.py"), FileResult("b.py", error="unreadable")]) == ""


# -- through the CLI (flags owned by the CLI) ---------------------------------------------

@lru_cache(maxsize=1)
def check_help() -> str:
    completed = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--help"],
                               capture_output=True, text=True, cwd=ROOT)
    return completed.stdout


def needs_cli_flags(*flags: str):
    missing = [flag for flag in flags if flag not in check_help()]
    return pytest.mark.skipif(bool(missing), reason=f"CLI does not have {', '.join(missing)} yet")


def run_check(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jaxpure", "check", *args],
                          capture_output=True, text=True, cwd=tmp_path)


@pytest.fixture
def bad_project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "model.py").write_text(SOURCE, encoding="utf-8")
    return tmp_path


@needs_cli_flags("--output-format")
@pytest.mark.parametrize("fmt", FORMATS)
def test_cli_accepts_every_format(fmt, bad_project):
    completed = run_check(bad_project, "--output-format", fmt, "pkg/model.py")
    assert completed.returncode == 1, completed.stderr
    assert "JXP202" in completed.stdout


@needs_cli_flags("--output-format")
def test_cli_json_matches_the_renderer(bad_project):
    completed = run_check(bad_project, "--output-format", "json", "pkg/model.py")
    (item,) = json.loads(completed.stdout)
    assert (item["code"], item["location"], item["fix"]["applicability"]) == (
        "JXP202", {"row": 3, "column": 5}, "safe")


@needs_cli_flags("--output-format")
def test_cli_full_shows_the_source_line(bad_project):
    completed = run_check(bad_project, "--output-format", "full", "pkg/model.py")
    assert "3 |     x.at[0].set(1.0)\n  |     ^^^^^^^^^^^^^^^^\n" in completed.stdout


@needs_cli_flags("--output-format", "--output-file")
def test_cli_writes_valid_sarif_with_relative_uris(bad_project):
    completed = run_check(bad_project, "--output-format", "sarif",
                          "--output-file", "jaxpure.sarif", ".")
    assert completed.returncode == 1, completed.stderr
    document = json.loads((bad_project / "jaxpure.sarif").read_text(encoding="utf-8"))
    assert not list(sarif_validator().iter_errors(document))
    (result,) = document["runs"][0]["results"]
    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "pkg/model.py", "uriBaseId": "%SRCROOT%"}


@needs_cli_flags("--output-format")
def test_cli_github_paths_are_relative_to_the_project(bad_project):
    completed = run_check(bad_project, "--output-format", "github", "pkg/model.py")
    assert completed.stdout.startswith(
        "::error title=jaxpure (JXP202),file=pkg/model.py,line=3,col=5,endLine=3,endColumn=21::")


@needs_cli_flags("--statistics")
def test_cli_statistics(bad_project):
    completed = run_check(bad_project, "--statistics", "pkg/model.py")
    assert "1\tJXP202\t[*] discarded-at-update" in completed.stdout


# -- the detail: off the concise line, in every other format ------------------------------

DETAIL = "JAX arrays are immutable: `.at[...]` returns an updated copy."


def _detailed() -> list[FileResult]:
    return [FileResult("m.py", (replace(finding("m.py", fix=SAFE_FIX), detail=DETAIL),))]


def test_concise_and_flake8_style_lines_leave_the_detail_out(tmp_path):
    text = render(_detailed(), "concise", options(tmp_path))
    assert text == f"m.py:3:5: JXP202 {MESSAGE}\n"


def test_full_shows_the_detail_as_a_note_before_the_fix(tmp_path):
    text = full(_detailed(), sources={"m.py": SOURCE})
    assert f"  = note: {DETAIL}\n  = help: Assign the result back to `x`\n" in text


def test_json_sarif_and_github_carry_the_detail(tmp_path):
    data = json.loads(render(_detailed(), "json", options(tmp_path)))
    assert (data[0]["message"], data[0]["detail"]) == (MESSAGE, DETAIL)
    sarif = json.loads(render(_detailed(), "sarif", options(tmp_path)))
    assert sarif["runs"][0]["results"][0]["message"]["text"] == f"{MESSAGE}. {DETAIL}"
    assert f"{MESSAGE}. {DETAIL}" in render(_detailed(), "github", options(tmp_path))
