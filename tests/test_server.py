"""`jaxpure server`: a real LSP exchange with the server as a subprocess, and its helpers."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest.importorskip("lsprotocol")

from lsprotocol import types  # noqa: E402

from jaxpure.findings import Location  # noqa: E402
from jaxpure.lsp_actions import noqa_edit  # noqa: E402
from jaxpure.lsp_analysis import Lines  # noqa: E402
from cli_support import DISCARDED, DISCARDED_FIXED, UNSAFE_ONLY, write  # noqa: E402
from lsp_client import LspClient  # noqa: E402

REUSED_KEY = ("import jax\n\n\ndef sample(key):\n    a = jax.random.normal(key, (2,))\n"
              "    b = jax.random.normal(key, (2,))\n    return a + b\n")
HELPER = ("import jax.numpy as jnp\n\n\ndef step(x):\n    if x.sum() > 0:\n        return -x\n"
          "    return jnp.abs(x)\n")
CALLER = "import jax\n\nfrom pkg.helpers import step\n\n\n@jax.jit\ndef run(x):\n    return step(x)\n"
DOCS = "https://example.org/rules.html"


def apply_edits(text: str, edits: list[dict]) -> str:
    """Apply LSP TextEdits (ASCII text, so UTF-16 columns are code points)."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: dict) -> int:
        return starts[position["line"]] + position["character"]

    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        start, end = offset(edit["range"]["start"]), offset(edit["range"]["end"])
        text = text[:start] + edit["newText"] + text[end:]
    return text


def code_actions(client: LspClient, uri: str, diagnostic: dict) -> list[dict]:
    return client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic]}})


def edits_of(action: dict, uri: str) -> list[dict]:
    return action["edit"]["changes"][uri]


@pytest.fixture
def client(tmp_path: Path):
    write(tmp_path, {"pyproject.toml": "[tool.jaxpure]\n"})
    client = LspClient(tmp_path, "--docs-url", DOCS)
    try:
        client.initialize(tmp_path)
        yield client
    finally:
        client.kill()


def test_diagnostics_code_actions_hover_and_shutdown(client: LspClient, tmp_path: Path) -> None:
    uri = client.open(tmp_path / "model.py", REUSED_KEY)
    [reused] = client.diagnostics(uri, version=1)
    assert reused["code"] == "JXP301" and reused["source"] == "jaxpure"
    assert reused["severity"] == types.DiagnosticSeverity.Error
    assert reused["range"]["start"] == {"line": 5, "character": 8}
    assert reused["codeDescription"]["href"] == f"{DOCS}#jxp301"

    [noqa] = [a for a in code_actions(client, uri, reused) if "noqa" in a["title"]]
    suppressed = apply_edits(REUSED_KEY, edits_of(noqa, uri))
    assert "    b = jax.random.normal(key, (2,))  # noqa: JXP301\n" in suppressed

    hover = client.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": reused["range"]["start"]})
    assert "prng-key-reuse" in hover["contents"]["value"]
    assert "## What it does" in hover["contents"]["value"]

    client.change(uri, DISCARDED, version=2)
    [discarded] = client.diagnostics(uri, version=2)
    assert discarded["code"] == "JXP202"
    actions = code_actions(client, uri, discarded)
    [fix] = [a for a in actions if a["title"].startswith("Fix JXP202")]
    assert fix["isPreferred"] and "unsafe" not in fix["title"]
    assert apply_edits(DISCARDED, edits_of(fix, uri)) == DISCARDED_FIXED
    assert any("# noqa: JXP202" in a["title"] for a in actions)

    client.change(uri, UNSAFE_ONLY, version=3)
    [inplace] = client.diagnostics(uri, version=3)
    assert inplace["code"] == "JXP201"
    [unsafe] = [a for a in code_actions(client, uri, inplace) if a["title"].startswith("Fix JXP201")]
    assert "unsafe" in unsafe["title"] and not unsafe.get("isPreferred")
    assert "x = x.at[0].set(1.0)" in apply_edits(UNSAFE_ONLY, edits_of(unsafe, uri))

    client.change(uri, suppressed, version=4)
    assert client.diagnostics(uri, version=4) == []
    assert client.close() == 0


def test_settings_come_from_the_nearest_configuration(client: LspClient, tmp_path: Path) -> None:
    write(tmp_path, {"quiet/pyproject.toml": "[tool.jaxpure]\nignore = [\"JXP301\"]\n",
                     "broken/pyproject.toml": "[tool.jaxpure]\nselect = 3\n"})
    quiet = client.open(tmp_path / "quiet" / "m.py", REUSED_KEY)
    assert client.diagnostics(quiet) == []
    [found] = client.diagnostics(client.open(tmp_path / "broken" / "m.py", REUSED_KEY))
    assert found["code"] == "JXP301"  # the defaults apply, and the user is told why
    message = client.wait_for(lambda m: m.get("method") == "window/showMessage")
    assert "`select` must be a list" in message["params"]["message"]

    # saving a configuration file re-reads it and re-checks the open documents
    write(tmp_path, {"quiet/pyproject.toml": "[tool.jaxpure]\n"})
    client.notify("textDocument/didSave",
                  {"textDocument": {"uri": (tmp_path / "quiet" / "pyproject.toml").as_uri()}})
    [now] = client.diagnostics(quiet)
    assert now["code"] == "JXP301"


def test_open_modules_and_cached_seeds_analyse_across_modules(client: LspClient,
                                                              tmp_path: Path) -> None:
    write(tmp_path, {"pkg/__init__.py": "", "pkg/helpers.py": HELPER, "pkg/train.py": CALLER})
    helper = client.open(tmp_path / "pkg" / "helpers.py", HELPER)
    assert client.diagnostics(helper) == []  # nothing here is traced on its own
    caller = client.open(tmp_path / "pkg" / "train.py", CALLER)
    [traced] = client.diagnostics(helper)  # republished: train.py jits a call to step
    assert traced["code"] == "JXP401" and "train.py" in traced["message"]
    assert client.diagnostics(caller) == []
    client.notify("textDocument/didClose", {"textDocument": {"uri": caller}})
    assert client.diagnostics(helper) == []  # the caller is gone, and no project run yet

    # a `jaxpure check` of the project records the callers in its cache: the server reads them
    run = subprocess.run([sys.executable, "-m", "jaxpure", "check", "."], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stdout + run.stderr
    client.change(helper, HELPER + "\n", version=2)
    [again] = client.diagnostics(helper, version=2)
    assert again["code"] == "JXP401"


def test_missing_lsp_extra_is_one_line_and_exit_2() -> None:
    code = ("import sys; sys.modules['pygls'] = None\n"
            "from jaxpure.cli import main\nsys.exit(main(['server']))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "jaxpure[lsp]" in run.stderr and "Traceback" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_the_server_never_imports_jax_and_only_it_imports_pygls() -> None:
    code = ("import sys\nimport jaxpure.server as s\nfrom jaxpure.engine import check_source\n"
            "check_source('import jax\\n@jax.jit\\ndef f(x):\\n    print(x)\\n', 'm.py')\n"
            "assert 'jax' not in sys.modules and 'numpy' not in sys.modules, 'jax imported'\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    package = Path(__file__).resolve().parent.parent / "jaxpure"
    imports = re.compile(r"^\s*(?:from|import)\s+pygls\b", re.MULTILINE)
    importers = sorted(p.name for p in package.rglob("*.py") if imports.search(p.read_text()))
    assert importers == ["server.py"]


def test_positions_are_utf16_code_units_by_default() -> None:
    lines = Lines("s = 'é😀'; x = 1\n", "utf-16")
    # column 10 follows `s = 'é😀';`: nine code points, 😀 two UTF-16 units, four UTF-8 bytes
    position = lines.position(Location(1, 10))
    assert position == types.Position(0, 10)
    assert lines.location(position) == Location(1, 10)
    assert Lines("s = 'é😀'; x\n", "utf-32").position(Location(1, 10)) == types.Position(0, 9)
    assert Lines("s = 'é😀'; x\n", "utf-8").position(Location(1, 10)) == types.Position(0, 13)


@pytest.mark.parametrize(("source", "row", "expected"), [
    ("x = f(k)\n", 1, "x = f(k)  # noqa: JXP301\n"),
    ("x = f(k)  # noqa: JXP202\n", 1, "x = f(k)  # noqa: JXP202, JXP301\n"),
    ("x = f(k)  # keep this\n", 1, "x = f(k)  # keep this  # noqa: JXP301\n"),
    ("x = f(k, '''\n''')\n", 1, None),  # the line ends inside a string
    ("x = f(k) + \\\n    1\n", 1, None),  # a backslash continuation
    ("x = f(k)  # noqa\n", 1, None),  # every code is suppressed already
])
def test_noqa_edit_keeps_the_line_valid(source: str, row: int, expected: str | None) -> None:
    from jaxpure.lsp_actions import _open_line_ends

    lines = Lines(source)
    edit = noqa_edit(lines, row, "JXP301", _open_line_ends(source))
    if expected is None:
        assert edit is None
    else:
        assert edit is not None
        start, end = edit.range.start, edit.range.end
        as_json = {"range": {"start": {"line": start.line, "character": start.character},
                             "end": {"line": end.line, "character": end.character}},
                   "newText": edit.new_text}
        assert apply_edits(source, [as_json]) == expected
