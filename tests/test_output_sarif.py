"""SARIF output against the official 2.1.0 schema: rule descriptors, regions, URIs,
fingerprints and notifications."""

from __future__ import annotations

import json
import os

import pytest

from jaxpure.findings import FileResult
from jaxpure.output import RenderOptions, render
from jaxpure.rules import all_rules
from output_support import MESSAGE, SAFE_FIX, SCHEMA, SOURCE, finding, options, sarif_validator

# -- sarif --------------------------------------------------------------------------------

def sarif(results, opts: RenderOptions) -> dict:
    document = json.loads(render(results, "sarif", opts))
    errors = sorted(sarif_validator().iter_errors(document), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    return document


def test_sarif_schema_copy_is_the_official_2_1_0_schema():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]


def test_sarif_of_nothing_is_valid_and_lists_every_rule(tmp_path):
    document = sarif([], options(tmp_path))
    assert document["version"] == "2.1.0"
    assert document["$schema"].endswith("sarif-2.1.0.json")
    (run,) = document["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "jaxpure"
    from jaxpure import __version__

    assert driver["version"] == driver["semanticVersion"] == __version__
    assert driver["informationUri"].startswith("https://")
    assert [rule["id"] for rule in driver["rules"]] == [rule.code for rule in all_rules()]
    assert run["results"] == []
    assert run["invocations"] == [{"executionSuccessful": True}]


@pytest.mark.parametrize("rule", all_rules(), ids=lambda rule: rule.code)
def test_sarif_rule_descriptors_come_from_the_rule_docs(rule, tmp_path):
    (run,) = sarif([], options(tmp_path))["runs"]
    (descriptor,) = [d for d in run["tool"]["driver"]["rules"] if d["id"] == rule.code]
    assert descriptor["name"] == rule.name
    assert descriptor["shortDescription"]["text"] == rule.summary
    assert descriptor["fullDescription"]["markdown"] == rule.sections()["What it does"]
    assert descriptor["help"]["markdown"] == rule.documentation()
    assert "## " not in descriptor["help"]["text"] and "```" not in descriptor["help"]["text"]
    assert descriptor["defaultConfiguration"]["level"] == rule.level
    assert descriptor["properties"]["tags"]
    assert descriptor["properties"]["precision"] in ("very-high", "high", "medium", "low")
    assert descriptor["helpUri"].endswith("#" + rule.code.lower())
    for key in ("shortDescription", "fullDescription"):
        assert 0 < len(descriptor[key]["text"]) <= 1024


def test_sarif_results_use_relative_uris_and_one_based_regions(tmp_path):
    path = tmp_path / "pkg" / "model.py"
    results = [FileResult(str(path), (finding(str(path), fix=SAFE_FIX),))]
    (run,) = sarif(results, options(tmp_path, sources={str(path): SOURCE}))["runs"]
    (result,) = run["results"]
    codes = [rule.code for rule in all_rules()]
    assert result["ruleId"] == "JXP202"
    assert result["ruleIndex"] == codes.index("JXP202")
    assert result["level"] == "error"
    assert result["message"] == {"text": MESSAGE}
    location = result["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "pkg/model.py", "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 21}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.resolve().as_uri() + "/"
    (fix,) = result["fixes"]
    (change,) = fix["artifactChanges"]
    assert change["replacements"] == [{
        "deletedRegion": {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 21},
        "insertedContent": {"text": "x = x.at[0].set(1.0)"},
    }]


def test_sarif_uris_are_relative_for_relative_file_names_too(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    results = [FileResult(os.path.join("src", "a b.py"), (finding(os.path.join("src", "a b.py")),))]
    (run,) = sarif(results, RenderOptions(root="."))["runs"]
    artifact = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "src/a%20b.py", "uriBaseId": "%SRCROOT%"}


def test_sarif_file_outside_the_root_gets_an_absolute_uri(tmp_path):
    outside = tmp_path / "elsewhere" / "m.py"
    results = [FileResult(str(outside), (finding(str(outside)),))]
    (run,) = sarif(results, options(tmp_path / "project"))["runs"]
    artifact = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": outside.resolve().as_uri()}


def test_sarif_multi_line_and_point_regions(tmp_path):
    results = [FileResult("m.py", (
        finding("m.py", start=(3, 5), end=(6, 2)),
        finding("m.py", "JXP001", (9, 4), (9, 4), "syntax error"),
    ))]
    (run,) = sarif(results, options(tmp_path))["runs"]
    regions = [r["locations"][0]["physicalLocation"]["region"] for r in run["results"]]
    assert regions[0] == {"startLine": 3, "startColumn": 5, "endLine": 6, "endColumn": 2}
    # an empty region would be an insertion point; a point finding marks one character
    assert regions[1] == {"startLine": 9, "startColumn": 4, "endLine": 9, "endColumn": 5}


def fingerprints(results, opts) -> list[str]:
    (run,) = sarif(results, opts)["runs"]
    return [r["partialFingerprints"]["jaxpure/v1"] for r in run["results"]]


def test_sarif_fingerprints_survive_moving_code_but_not_other_changes(tmp_path):
    path = str(tmp_path / "m.py")
    before = fingerprints([FileResult(path, (finding(path),))],
                         options(tmp_path, sources={path: SOURCE}))
    moved_source = "# a new comment\n\n" + SOURCE
    moved = fingerprints([FileResult(path, (finding(path, start=(5, 5), end=(5, 21)),))],
                         options(tmp_path, sources={path: moved_source}))
    assert before == moved
    other_code = fingerprints([FileResult(path, (finding(path, code="JXP201"),))],
                              options(tmp_path, sources={path: SOURCE}))
    other_file = fingerprints([FileResult(str(tmp_path / "n.py"), (finding(str(tmp_path / "n.py")),))],
                              options(tmp_path, sources={str(tmp_path / "n.py"): SOURCE}))
    assert len({before[0], other_code[0], other_file[0]}) == 3


def test_sarif_fingerprints_tell_identical_lines_apart_by_occurrence(tmp_path):
    path = str(tmp_path / "m.py")
    source = "import jax\ndef f(x):\n    x.at[0].set(1.0)\n    x.at[0].set(1.0)\n"
    results = [FileResult(path, (finding(path), finding(path, start=(4, 5), end=(4, 21))))]
    first, second = fingerprints(results, options(tmp_path, sources={path: source}))
    assert first != second
    # and indentation does not matter: the stripped text is hashed
    dedented = fingerprints([FileResult(path, (finding(path, start=(3, 1), end=(3, 17)),))],
                            options(tmp_path, sources={path: "import jax\n\nx.at[0].set(1.0)\n"}))
    assert dedented == [first]


def test_sarif_records_unreadable_files_as_notifications(tmp_path):
    results = [
        FileResult(str(tmp_path / "ok.py"), (finding(str(tmp_path / "ok.py")),)),
        FileResult(str(tmp_path / "bad.py"), error="cannot decode file: invalid start byte"),
    ]
    (run,) = sarif(results, options(tmp_path))["runs"]
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolExecutionNotifications"]
    assert notification["level"] == "error"
    assert "cannot decode file" in notification["message"]["text"]
    artifact = notification["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "bad.py", "uriBaseId": "%SRCROOT%"}
    assert len(run["results"]) == 1


def test_sarif_unknown_code_has_no_rule_index(tmp_path):
    results = [FileResult("m.py", (finding("m.py", code="JXP999", name="made-up"),))]
    (run,) = sarif(results, options(tmp_path))["runs"]
    assert "ruleIndex" not in run["results"][0]
