"""Every kind of line ending (\\n, \\r\\n, a lone \\r): --fix/--diff edit the right statement
and keep each line's own ending; summaries count lines as Python does."""

from __future__ import annotations

import pytest
from cli_support import run_in_process, write

from jaxpure.findings import Edit, Finding, Fix, Location
from jaxpure.fixer import apply_fixes

SOURCE = "import jax\n\ndef f(x):\n    x.at[0].set(1.0)\n    y = x * 2.\n    return y\n"
FIXED = "import jax\n\ndef f(x):\n    x = x.at[0].set(1.0)\n    y = x * 2.\n    return y\n"


@pytest.mark.parametrize("newline", ["\r", "\r\n"], ids=repr)
def test_fix_and_diff_on_a_file_with_one_kind_of_ending(tmp_path, capsys, newline):
    write(tmp_path, {"m.py": SOURCE.replace("\n", newline).encode(), "other.py": b"import jax\n"})
    diff = run_in_process(capsys, tmp_path, "check", "--no-cache", "--diff")
    assert diff.code == 1 and "Traceback" not in diff.err
    assert f"-    x.at[0].set(1.0){newline}+    x = x.at[0].set(1.0){newline}" in diff.out.replace(
        "\n", "\n" if newline == "\r\n" else "")
    fix = run_in_process(capsys, tmp_path, "check", "--no-cache", "--fix")
    assert fix.code == 0, fix.err
    assert (tmp_path / "m.py").read_bytes() == FIXED.replace("\n", newline).encode()


def test_a_lone_cr_does_not_move_the_fix_to_another_statement(tmp_path, capsys):
    # one lone \r (after `def f(x):`): the fix must edit line 4, not `y = x * 2.`
    source = SOURCE.replace("def f(x):\n", "def f(x):\r")
    write(tmp_path, {"m.py": source.encode()})
    fix = run_in_process(capsys, tmp_path, "check", "--no-cache", "--fix")
    assert fix.code == 0, fix.err
    assert (tmp_path / "m.py").read_bytes() == FIXED.replace("def f(x):\n", "def f(x):\r").encode()


def _finding(edit: Edit) -> Finding:
    return Finding("m.py", "JXP202", "name", "message", edit.location, edit.end_location,
                   Fix("title", "safe", (edit,)))


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=repr)
def test_an_edit_over_several_lines_keeps_the_ending_of_its_line(newline):
    # a mixed file: the edited line ends with `newline`, the others with \n
    source = f"a = 1\nb = 2{newline}c = 3\n"
    edit = Edit("b = (\n    2\n)", Location(2, 1), Location(2, 6))
    text, applied = apply_fixes(source, [_finding(edit)])
    assert applied and text == f"a = 1\nb = ({newline}    2{newline}){newline}c = 3\n"


def test_an_edit_outside_the_text_is_skipped_not_a_crash():
    edit = Edit("x", Location(9, 1), Location(9, 2))
    assert apply_fixes("a = 1\rb = 2\r", [_finding(edit)]) == ("a = 1\rb = 2\r", [])
    past_the_line = Edit("x", Location(1, 1), Location(1, 40))
    assert apply_fixes("a = 1\rb = 2\r", [_finding(past_the_line)]) == ("a = 1\rb = 2\r", [])


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=repr)
def test_summaries_find_definitions_on_every_kind_of_line(newline):
    from jaxpure.engine import analyze_source
    from jaxpure.prefilter import textual_summary

    text = "from .layers import dense\ndef f():\n    pass\n\ndef g():\n    pass\n"
    text = text.replace("\n", newline)
    summary = textual_summary("pkg.m", "pkg", text)
    assert summary.functions == {"f", "g"} and summary.reexports == (("dense", "pkg.layers.dense"),)
    traced = ("import jax\nfrom pkg.layers import dense\n\n@jax.jit\ndef step(x):\n"
              "    return dense(x)\n").replace("\n", newline)
    [call] = analyze_source(traced, "m.py", package="pkg").summary.calls
    assert (call.callee, call.caller, call.line) == ("pkg.layers.dense", "step", 5)
