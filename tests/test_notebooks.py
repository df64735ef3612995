"""Jupyter notebooks end to end: the real command on real ``.ipynb`` files."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import run_subprocess

from jaxpure.notebook_json import read_notebook, replace_sources
from jaxpure.notebooks import layout, mask_ipython


def code(source, count=1):
    return {"cell_type": "code", "execution_count": count, "metadata": {},
            "outputs": [{"name": "stdout", "output_type": "stream", "text": ["ok\n"]}],
            "source": source}


def markdown(text):
    return {"cell_type": "markdown", "metadata": {"tags": ["intro"]}, "source": [text]}


def notebook(*cells, indent=1):
    document = {"cells": list(cells),
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"},
                             "language_info": {"name": "python", "version": "3.11.0"}},
                "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(document, indent=indent, ensure_ascii=False) + "\n"


REUSE_CELLS = (["import jax\n", "key = jax.random.PRNGKey(0)\n"],
               ["a = jax.random.normal(key)\n", "b = jax.random.uniform(key)\n", "print(a + b)\n"])
REUSE = notebook(markdown("# Sampling\n"), code(REUSE_CELLS[0]), code(REUSE_CELLS[1]))
DISCARD_CELL = ["def f(x):\n", "    x.at[0].set(1.0)\n", "    return x"]


def write_notebook(tmp_path: Path, text: str, name: str = "bug.ipynb") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_reused_key_is_reported_at_its_cell_and_line(tmp_path):
    write_notebook(tmp_path, REUSE)
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    assert run.code == 1
    lines = run.out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("bug.ipynb:cell 3:2:5: JXP301 ")
    assert "line 1" in lines[0]  # the first draw, counted within the same cell
    assert "All checks passed" not in run.err


def test_a_second_draw_nothing_reads_is_no_reuse_in_a_notebook(tmp_path):
    # no importer sees a notebook's globals: a draw no later cell and no function reads
    # is dead (jwave's helmholtz notebook); one a function of the notebook reads is a use
    dead = notebook(code(REUSE_CELLS[0]), code(REUSE_CELLS[1][:2]))
    read = notebook(code(REUSE_CELLS[0]), code(REUSE_CELLS[1][:2]),
                    code(["def show():\n", "    return b\n"]))
    write_notebook(tmp_path, dead, "dead.ipynb")
    write_notebook(tmp_path, read, "read.ipynb")
    run = run_subprocess(tmp_path, "check", "--no-cache", "dead.ipynb", "read.ipynb")
    assert [line.split(": ")[0] for line in run.out.splitlines()] == ["read.ipynb:cell 2:2:5"]


SETUP_CELL = ["import jax\n", "size = 3\n", "def load(n):\n", "    global size\n",
              "    size = n\n", "load(5)\n"]
READER_CELL = ["@jax.jit\n", "def grow(x):\n", "    return x * size\n", "grow(1.0)\n"]


def test_globals_a_setup_cell_rebinds_before_the_first_trace_are_not_stale(tmp_path):
    # evojax's Lenia notebook: `load_pattern` sets the sizes through `global` once, in a
    # cell before the jitted function is defined; no code imports a notebook, so nothing
    # calls it later. Called again after the definition, the trace keeps the old size.
    before = notebook(code(SETUP_CELL), code(READER_CELL))
    after = notebook(code(SETUP_CELL), code(READER_CELL), code(["load(7)\n", "grow(1.0)\n"]))
    write_notebook(tmp_path, before, "before.ipynb")
    write_notebook(tmp_path, after, "after.ipynb")
    run = run_subprocess(tmp_path, "check", "--no-cache", "before.ipynb", "after.ipynb")
    reported = [line.split(": ")[:2] for line in run.out.splitlines()]
    assert reported == [["after.ipynb:cell 2:3:16", "JXP101 Module global `size` is reassigned by a `global` statement in a function; jax.jit keeps its trace-time value"]]


ADVANCE_CELL = ["import jax\n", "import jax.numpy as jnp\n", "@jax.jit\n",
                "def advance(dt, state):\n", "    state[\"u\"] += dt\n", "    return state\n"]


def test_an_argument_write_every_notebook_caller_rebinds_is_unobserved(tmp_path):
    # lagrangebench's data_gen notebook: `state = advance(dt, state)` in every cell; no
    # code imports a notebook, so those are all its callers. One reading the dict it passed
    # in after the call sees the write only without jit.
    start = ["state = {\"u\": jnp.zeros(3)}\n"]
    rebound = notebook(code(ADVANCE_CELL), code(start + ["state = advance(0.1, state)\n"]))
    read = notebook(code(ADVANCE_CELL), code(start + ["new = advance(0.1, state)\n",
                                                      "print(state[\"u\"])\n"]))
    write_notebook(tmp_path, rebound, "rebound.ipynb")
    write_notebook(tmp_path, read, "read.ipynb")
    run = run_subprocess(tmp_path, "check", "--no-cache", "rebound.ipynb", "read.ipynb")
    assert [line.split(": ")[:2] for line in run.out.splitlines()] == [
        ["read.ipynb:cell 1:5:5", "JXP502 `state[\"u\"] += dt` mutates argument `state` under jax.jit"]]


def test_json_and_sarif_carry_the_cell_and_both_rows(tmp_path):
    write_notebook(tmp_path, REUSE)
    run = run_subprocess(tmp_path, "check", "--no-cache", "--output-format", "json", "bug.ipynb")
    [finding] = json.loads(run.out)
    assert (finding["cell"], finding["location"]["row"], finding["concatenated_row"]) == (3, 2, 4)
    assert finding["noqa_row"] == 2
    run = run_subprocess(tmp_path, "check", "--no-cache", "--output-format", "sarif", "bug.ipynb")
    [result] = json.loads(run.out)["runs"][0]["results"]
    assert result["properties"] == {"cell": 3, "concatenatedLine": 4}
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 2


def test_a_directory_of_notebooks_is_checked_and_checkpoints_are_skipped(tmp_path):
    (tmp_path / "nb" / ".ipynb_checkpoints").mkdir(parents=True)
    write_notebook(tmp_path, REUSE, "nb/bug.ipynb")
    write_notebook(tmp_path, REUSE, "nb/.ipynb_checkpoints/bug-checkpoint.ipynb")
    run = run_subprocess(tmp_path, "check", "--no-cache", "nb")
    assert run.code == 1
    assert [line.split(": ")[0] for line in run.out.splitlines()] == ["nb/bug.ipynb:cell 3:2:5"]


def test_a_function_jitted_in_a_later_cell_is_traced(tmp_path):
    text = notebook(code(["import jax\n"]), code(["def step(x):\n", "    print(x)\n", "    return x\n"]),
                    code(["fast = jax.jit(step)\n"]))
    write_notebook(tmp_path, text)
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    assert run.out.startswith("bug.ipynb:cell 2:2:5: JXP104 "), run.out


def test_magics_are_masked_and_a_broken_cell_is_one_finding(tmp_path):
    text = notebook(
        code(["%matplotlib inline\n", "!pip install -q jax\n", "import jax\n", "jax.random?\n"]),
        code(["%%bash\n", "echo $HOME | grep (\n"]),
        code(["files = !ls\n", "%%time is not a cell magic here\n"]),
        code(["def broken(:\n", "    pass\n"]),
        code(["key = jax.random.PRNGKey(0)\n", "a = jax.random.normal(key)\n",
              "b = jax.random.normal(key)\n", "print(a, b)\n"]),
    )
    write_notebook(tmp_path, text)
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    positions = [(line.split(": ")[0], line.split(": ")[1].split()[0]) for line in run.out.splitlines()]
    assert positions == [("bug.ipynb:cell 4:1:12", "JXP001"), ("bug.ipynb:cell 5:3:5", "JXP301")]


def test_fix_changes_only_the_fixed_cell(tmp_path):
    original = notebook(markdown("# Notes ü\n"), code(["import jax\n"]), code(DISCARD_CELL, 2),
                        code("y = 1\nprint(y)", 3))
    path = write_notebook(tmp_path, original)
    run = run_subprocess(tmp_path, "check", "--no-cache", "--fix", "bug.ipynb")
    assert run.code == 0, run.err
    after = path.read_text(encoding="utf-8")
    expected = original.replace('"    x.at[0].set(1.0)\\n"', '"    x = x.at[0].set(1.0)\\n"')
    assert after != original and after == expected


def test_fix_keeps_a_source_written_as_one_string_and_another_indentation(tmp_path):
    original = notebook(code("import jax\n\ndef f(x):\n    x.at[0].set(1.0)\n    return x"),
                        code([], 2), indent=2)
    path = write_notebook(tmp_path, original)
    run = run_subprocess(tmp_path, "check", "--no-cache", "--fix", "bug.ipynb")
    assert run.code == 0, run.err
    assert path.read_text() == original.replace("    x.at[0]", "    x = x.at[0]")


def test_diff_shows_the_cell_and_writes_nothing(tmp_path):
    path = write_notebook(tmp_path, notebook(code(["import jax\n"]), code(DISCARD_CELL)))
    before = path.read_bytes()
    run = run_subprocess(tmp_path, "check", "--no-cache", "--diff", "bug.ipynb")
    assert run.code == 1
    assert "--- bug.ipynb:cell 2" in run.out and "+    x = x.at[0].set(1.0)" in run.out
    assert path.read_bytes() == before


def test_noqa_works_in_a_cell(tmp_path):
    text = notebook(code(["import jax\n", "key = jax.random.PRNGKey(0)\n"]),
                    code(["a = jax.random.normal(key)\n",
                          "b = jax.random.uniform(key)  # noqa: JXP301\n"]))
    write_notebook(tmp_path, text)
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    assert (run.code, run.out) == (0, "")


def test_cached_results_keep_cell_positions(tmp_path):
    write_notebook(tmp_path, REUSE)
    first = run_subprocess(tmp_path, "check", "bug.ipynb")
    second = run_subprocess(tmp_path, "check", "bug.ipynb", "-v")
    assert first.out == second.out and first.out.startswith("bug.ipynb:cell 3:2:5:")
    assert "cached" in second.err


def test_a_file_that_is_not_a_notebook_is_an_error(tmp_path):
    write_notebook(tmp_path, "{not json")
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    assert run.code == 2
    assert "bug.ipynb: not a valid notebook" in run.err
    assert "All checks passed" not in run.err


# --- the pieces -----------------------------------------------------------------------------

def test_masking_keeps_rows_and_python_cell_magics():
    body = "%%time\nx = 1\n!ls\ny = %env HOME\nz?\n"
    assert mask_ipython(body) == "\nx = 1\npass\ny = None\npass\n"
    assert mask_ipython("%%writefile a.py\nimport os\n") == "\n\n"


def test_a_magics_backslash_continuation_is_part_of_it():
    # big_vision's paligemma notebook: IPython joins the continued lines into the command
    body = "if ok:\n  !git clone --depth=1 \\\n     https://x/y \\\n     dest\nz = 1 + \\\n  2\n"
    assert mask_ipython(body) == "if ok:\n  pass\n\n\nz = 1 + \\\n  2\n"


def test_an_automagic_line_is_masked_only_where_it_is_not_python():
    # vizier's benchmark notebook: `pip install ...` without `%` runs as the %pip magic
    body = "pip install optax\ncd data\ntime = 3\nls -la\nx = pip\n"
    assert mask_ipython(body) == "pass\npass\ntime = 3\nls -la\nx = pip\n"


def test_cells_keep_their_rows_in_the_module():
    shape = layout(REUSE.encode())
    assert [(c.number, c.offset, c.rows) for c in shape.cells] == [(2, 0, 2), (3, 2, 3)]
    assert shape.cell_at(3).number == 3 and shape.cell_at(2).number == 2


def test_replacing_a_source_touches_nothing_else():
    text = notebook(code(["a = 1\n", "b = 2"]), code("c = 3"), indent=4)
    raw = read_notebook(text.encode())
    new = replace_sources(raw, {0: "a = 1\nb = 20\nc = 4\n", 1: "c = 30"})
    assert json.loads(new)["cells"][0]["source"] == ["a = 1\n", "b = 20\n", "c = 4\n"]
    assert json.loads(new)["cells"][1]["source"] == "c = 30"
    assert new.replace('"b = 20\\n",\n                "c = 4\\n"', '"b = 2"').replace("c = 30", "c = 3") == text


def test_full_format_numbers_rows_within_the_cell(tmp_path):
    cells = [code([f"x{i} = {i}\n" for i in range(12)]), code(REUSE_CELLS[0]), code(REUSE_CELLS[1])]
    write_notebook(tmp_path, notebook(*cells))
    run = run_subprocess(tmp_path, "check", "--no-cache", "--output-format", "full", "bug.ipynb")
    assert "bug.ipynb:cell 3:2:5: JXP301" in run.out
    assert "\n  |\n2 | b = jax.random.uniform(key)\n  |     ^^^^" in run.out


def test_a_notebook_with_large_outputs_is_still_checked(tmp_path):
    image = {"data": {"image/png": "A" * 3_000_000}, "metadata": {}, "output_type": "display_data"}
    cell = code(REUSE_CELLS[1])
    cell["outputs"] = [image]
    write_notebook(tmp_path, notebook(code(REUSE_CELLS[0]), cell))
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    assert run.out.startswith("bug.ipynb:cell 2:2:5: JXP301"), run.err


# --- in process: the pieces -------------------------------------------------------------------

def check_text(text, fix=False):
    from jaxpure.notebooks import check
    from jaxpure.settings import Settings

    return check(text.encode(), "nb.ipynb", Settings(), fix=fix)


def test_a_notebook_in_another_language_has_no_findings():
    document = json.loads(REUSE)
    document["metadata"] = {"kernelspec": {"language": "R", "name": "ir"},
                            "language_info": {"name": "R"}}
    assert check_text(json.dumps(document)).result.findings == ()
    assert len(check_text(REUSE).result.findings) == 1


def test_fix_keeps_compact_json_and_unicode_escapes():
    cells = [code(["import jax\n", "s = 'caf\u00e9'\n"]), code(DISCARD_CELL)]
    document = json.loads(notebook(*cells))
    compact = json.dumps(document, separators=(",", ":"), ensure_ascii=True)
    assert "\\u00e9" in compact
    fixed = check_text(compact, fix=True)
    assert fixed.new_text == compact.replace('"    x.at[0]', '"    x = x.at[0]')


def test_an_empty_notebook_and_one_without_code_are_clean():
    assert check_text(notebook()).result.findings == ()
    assert check_text(notebook(markdown("just words"))).result.findings == ()
    assert "not a valid notebook" in check_text('{"cells": 3}').result.error


def test_fix_in_a_cell_with_magics_leaves_the_magic_lines_alone():
    cell = ["%%time\n", "import jax\n", "!nvidia-smi\n", "def f(x):\n", "    x.at[0].set(1.0)\n",
            "    return x\n"]
    text = notebook(code(cell))
    fixed = check_text(text, fix=True)
    assert fixed.new_text == text.replace('"    x.at[0]', '"    x = x.at[0]')
    assert fixed.result.findings == ()


def test_fix_keeps_a_byte_order_mark():
    text = "\ufeff" + notebook(code(["import jax\n"]), code(DISCARD_CELL))
    fixed = check_text(text, fix=True)
    assert fixed.new_text == text.replace('"    x.at[0]', '"    x = x.at[0]')


def test_a_notebook_next_to_a_module_of_its_name_seeds_it_and_is_never_imported(tmp_path):
    # train.ipynb jits a caller of train.py's helper: the helper is analysed as traced (the
    # two must not clash as two modules named `train`)
    (tmp_path / "train.py").write_text("def step(x):\n    print(x)\n    return x\n")
    cell = ["import jax\n", "from train import step\n", "\n", "@jax.jit\n", "def run(x):\n",
            "    return step(x)\n"]
    write_notebook(tmp_path, notebook(code(cell)), "train.ipynb")
    run = run_subprocess(tmp_path, "check", "--no-cache", ".")
    assert run.out.startswith("train.py:2:5: JXP104 ") and "in train.ipynb" in run.out
    assert len(run.out.splitlines()) == 1


def test_a_cell_indented_as_a_whole_runs_as_ipython_dedents_it(tmp_path):
    # IPython removes the first line's indentation from every line of a cell: it parses,
    # and its findings keep the columns as written; a cell whose other lines are less
    # indented still does not parse
    text = notebook(code(["import jax\n"]),
                    code([" key = jax.random.PRNGKey(0)\n", " for i in range(2):\n",
                          "  a = jax.random.normal(key)\n", " b = jax.random.uniform(key)\n",
                          " print(a, b)\n"]),
                    code(["  x = 1\n", " y = 2\n"]))
    write_notebook(tmp_path, text)
    run = run_subprocess(tmp_path, "check", "--no-cache", "bug.ipynb")
    positions = [(line.split(": ")[0], line.split(": ")[1].split()[0]) for line in run.out.splitlines()]
    assert positions == [("bug.ipynb:cell 2:3:7", "JXP302"), ("bug.ipynb:cell 2:4:6", "JXP301"),
                         ("bug.ipynb:cell 3:1:2", "JXP001")], run.out
