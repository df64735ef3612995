"""Configuration discovery, parsing and validation."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_support import DISCARDED, run_in_process, write

from jaxpure.config import ConfigError, discover_config, find_config_file, load_config
from jaxpure.settings import Settings


def test_defaults_without_any_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = discover_config(tmp_path)
    assert config.source is None
    assert config.settings.fingerprint() == Settings().fingerprint()
    assert config.root == tmp_path


def test_nearest_pyproject_with_the_table_wins_and_others_are_skipped(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.jaxpure]\nignore = ["JXP1"]\n',
        "sub/pyproject.toml": '[project]\nname = "x"\n',  # no [tool.jaxpure]: skipped
        "sub/pkg/mod.py": "",
    })
    assert find_config_file(tmp_path / "sub" / "pkg" / "mod.py") == tmp_path / "pyproject.toml"
    config = discover_config(tmp_path / "sub" / "pkg")
    assert config.settings.ignore == ("JXP1",)
    assert config.root == tmp_path


def test_dedicated_file_beats_pyproject_in_the_same_directory(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.jaxpure]\nignore = ["JXP1"]\n',
                     "jaxpure.toml": 'ignore = ["JXP2"]\n',
                     ".jaxpure.toml": 'ignore = ["JXP3"]\n'})
    assert discover_config(tmp_path).settings.ignore == ("JXP3",)
    (tmp_path / ".jaxpure.toml").unlink()
    assert discover_config(tmp_path).settings.ignore == ("JXP2",)


def test_every_key(tmp_path):
    write(tmp_path, {"pyproject.toml": """
[tool.jaxpure]
select = ["JXP"]
extend-select = ["JXP6"]
ignore = ["JXP101"]
exclude = ["gen/"]
extend-exclude = ["third_party/**"]
unsafe-fixes = true
respect-noqa = false
output-format = "json"
respect-gitignore = false
static-helpers = ["mylib.is_static"]

[tool.jaxpure.per-file-ignores]
"tests/**" = ["JXP2"]

[tool.jaxpure.transforms]
"mylib.jit" = "jax.jit"
"""})
    config = load_config(tmp_path / "pyproject.toml")
    s = config.settings
    assert (s.select, s.extend_select, s.ignore) == (("JXP",), ("JXP6",), ("JXP101",))
    assert (s.exclude, s.extend_exclude) == (("gen/",), ("third_party/**",))
    assert s.unsafe_fixes is True and s.respect_noqa is False
    assert s.per_file_ignores == (("tests/**", ("JXP2",)),)
    assert s.transforms == (("mylib.jit", "jax.jit"),)
    assert s.static_helpers == ("mylib.is_static",)
    assert config.output_format == "json" and config.respect_gitignore is False
    assert config.root == tmp_path and s.root == str(tmp_path)


@pytest.mark.parametrize(("text", "fragment"), [
    ("colour = 1\n", "unknown key `colour`"),
    ('select = "JXP"\n', "`select` must be a list of strings"),
    ('select = ["jxp 2"]\n', "'jxp 2' is not a rule code"),
    ("unsafe-fixes = 1\n", "`unsafe-fixes` must be true or false"),
    ('per-file-ignores = ["x"]\n', "`per-file-ignores` must be a table"),
    ('[per-file-ignores]\n"a.py" = "JXP1"\n', "must be a list of strings"),
    ('[transforms]\n"mylib.jit" = 3\n', "`transforms.mylib.jit` must name a transform"),
    ('static-helpers = ["not a name"]\n', "is not a dotted name"),
    ('traced = "pkg.step"\n', "`traced` must be a list of strings"),
    ('traced = ["pkg envs.step"]\n', "is not a qualified name pattern"),
    ('traced = ["step"]\n', "is not a qualified name pattern"),
    ('traced = ["*"]\n', "is not a qualified name pattern"),
    ("select = [\n", "invalid TOML"),
])
def test_bad_values_name_the_key_and_file(tmp_path, text, fragment):
    write(tmp_path, {"jaxpure.toml": text})
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path / "jaxpure.toml")
    assert fragment in str(raised.value)
    assert str(tmp_path / "jaxpure.toml") in str(raised.value)


def test_pyproject_errors_name_the_table(tmp_path):
    write(tmp_path, {"pyproject.toml": "[tool.jaxpure]\nselectt = []\n"})
    with pytest.raises(ConfigError, match=r"pyproject.toml \[tool.jaxpure\]: unknown key `selectt`"):
        discover_config(tmp_path)


def test_config_errors_exit_2_with_one_line(tmp_path, capsys):
    write(tmp_path, {"jaxpure.toml": "colour = 1\n", "a.py": DISCARDED})
    run = run_in_process(capsys, tmp_path, "check")
    assert run.code == 2
    assert run.err.count("\n") == 1 and "unknown key `colour`" in run.err


def test_explicit_config_and_isolated(tmp_path, capsys):
    write(tmp_path, {"a.py": DISCARDED, "jaxpure.toml": 'ignore = ["JXP202"]\n',
                     "other/strict.toml": 'select = ["JXP"]\n'})
    assert run_in_process(capsys, tmp_path, "check").code == 0
    assert run_in_process(capsys, tmp_path, "check", "--config", "other/strict.toml").code == 1
    assert run_in_process(capsys, tmp_path, "check", "--isolated").code == 1
    missing = run_in_process(capsys, tmp_path, "check", "--config", "nope.toml")
    assert missing.code == 2 and "not found" in missing.err


def test_per_file_ignores_are_relative_to_the_config_directory(tmp_path, capsys):
    write(tmp_path, {"pyproject.toml": '[tool.jaxpure.per-file-ignores]\n"tests/*" = ["JXP202"]\n',
                     "tests/test_a.py": DISCARDED, "src/a.py": DISCARDED})
    run = run_in_process(capsys, tmp_path / "tests", "check", ".", "../src")
    assert run.code == 1
    assert "a.py:4:5" in run.out and "test_a.py" not in run.out


def test_config_is_found_from_the_first_path_not_the_cwd(tmp_path, capsys):
    write(tmp_path, {"proj/jaxpure.toml": 'ignore = ["JXP202"]\n', "proj/a.py": DISCARDED,
                     "elsewhere/.keep": ""})
    assert run_in_process(capsys, tmp_path / "elsewhere", "check", "../proj").code == 0


def test_broken_unrelated_pyproject_is_skipped(tmp_path):
    write(tmp_path, {"pyproject.toml": 'jaxpure = [\n', "sub/pyproject.toml": "[broken\n"})
    # mentions "jaxpure" but does not parse: reported rather than silently skipped
    with pytest.raises(ConfigError, match="invalid TOML"):
        discover_config(tmp_path)
    assert find_config_file(Path(tmp_path / "sub")) == tmp_path / "pyproject.toml"
