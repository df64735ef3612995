"""Precision survey: run `jaxpure check` at the root of each extracted repository and tally.

Fetch-free: it is given a directory holding one extracted tree per repository and a
`commits.txt` (lines `owner/name commit`, as written by extract.py). For each tree it counts
the non-empty lines of the files jaxpure checks, split into library code and
tests/examples (tests, examples, benchmarks, docs), runs

    nice -n 10 jaxpure check --no-cache --config .jaxpure-survey.toml --output-format json .

(``.jaxpure-survey.toml`` holds ``test-ignore = []``: every finding, the test profile applied here)

at the tree's root (as a user would; `--reuse` reads the JSON saved by an earlier run instead),
joins the findings with the judgements in judgements.json and prints the tables of
docs/precision.md.

Usage: python benchmarks/surveys/survey.py TREES_DIR [--reuse] [--jaxpure PATH]
       [--judgements FILE] [--unjudged] [--non-real] [--sets FILE]

--non-real lists every library finding not judged real (deliberate, false, unjudged) as
`repo path:line code verdict cause`; --sets FILE (all-commits.txt: `# set NAME` lines before
each set's repositories) prints the summary of docs/precision.md per set. "By default" is
what `jaxpure check .` prints with no configuration: jaxpure's own test-file profile
(`test-files`, `test-ignore` defaults in jaxpure/settings.py) applied to the findings.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from jaxpure.discovery import Excluder, discover  # noqa: E402
from jaxpure.settings import Settings  # noqa: E402

# jaxpure's defaults: which files are test files and which codes are off in them
DEFAULT_SETTINGS = Settings()

# a file under one of these directories, or named like a test, is not library code
TEST_DIRS = frozenset({"tests", "test"})
EXAMPLE_DIRS = frozenset({
    "examples", "example", "docs", "docs_nnx", "benchmarks", "benchmark", "notebooks",
    "tutorials", "scripts", "demos", "colabs", "colab",
})
VERDICTS = ("real", "deliberate", "false")


def part_of(path: str) -> str:
    """'library', 'tests' or 'examples' for a path relative to the repository root."""
    pieces = path.split("/")
    name = pieces[-1]
    if any(p in TEST_DIRS for p in pieces[:-1]) or name == "conftest.py" or \
            name.startswith("test_") or name.endswith(("_test.py", "_tests.py")):
        return "tests"
    if any(p in EXAMPLE_DIRS for p in pieces[:-1]):
        return "examples"
    return "library"


def count_lines(root: Path) -> Counter[str]:
    """Non-empty lines per part, over the files a run at the root checks."""
    lines: Counter[str] = Counter()
    for path in discover([root], Excluder(root)).files:
        text = path.read_text(encoding="utf-8", errors="replace")
        relative = path.resolve().relative_to(root.resolve()).as_posix()
        lines[part_of(relative)] += sum(1 for line in text.splitlines() if line.strip())
    return lines


def run_check(root: Path, jaxpure: str, saved: Path, reuse: bool) -> list[dict]:
    if not (reuse and saved.exists()):
        # the survey judges every finding and applies its profile itself (profile_keeps), so
        # jaxpure's built-in test-file profile is off; the file sits in the root, so paths
        # stay relative to the repository's root
        config = root / ".jaxpure-survey.toml"
        config.write_text("test-ignore = []\n", encoding="utf-8")
        result = subprocess.run(
            ["nice", "-n", "10", jaxpure, "check", "--no-cache", "--config", config.name,
             "--output-format", "json", "."],
            cwd=root, capture_output=True, text=True,
        )
        # exit 2 with a JSON list on stdout: some file could not be read (a repository's own
        # broken notebook); the other files' findings are all there, as a user sees them
        if result.returncode not in (0, 1) and not (
                result.returncode == 2 and result.stdout.lstrip().startswith("[")):
            raise SystemExit(f"{root}: jaxpure exited {result.returncode}: {result.stderr[-500:]}")
        if result.returncode == 2:
            print(f"{root}: {result.stderr.strip()}", file=sys.stderr)
        saved.parent.mkdir(parents=True, exist_ok=True)
        # a new file put in place, never a rewrite of the old one: a survey dir copied with
        # hard links (`cp -al`) shares its saved results with the original
        fresh = saved.with_suffix(".json.tmp")
        fresh.write_text(result.stdout)
        os.replace(fresh, saved)
    findings: list[dict] = json.loads(saved.read_text())
    return findings


# the test-file profile docs/precision.md recommends: fixed seeds inside a test's traced
# function, trace counters and a jit per test case are the idioms of tests, not bugs
PROFILE_OFF_IN_TESTS = frozenset({"JXP102", "JXP103", "JXP105", "JXP603"})
KEY_REUSE = frozenset({"JXP301", "JXP302"})
# "... reuses PRNG key `k` consumed on line 3 by ..." (also "..., the same key as `j`,")
CONSUMED_ON = re.compile(
    r"PRNG key `(?P<key>[^`]+)`(?:, the same key as `[^`]+`,)? consumed on line (?P<line>\d+)")


def profile_keeps(root: Path, path: str, finding: dict) -> bool:
    """Would a test file still be told this under the recommended profile?

    Key reuse in tests is kept only where the earlier use split the key: a parent drawn from
    again after it was split into named children (the slip that real test bugs share).
    """
    code = finding["code"]
    if code in PROFILE_OFF_IN_TESTS:
        return False
    if code not in KEY_REUSE:
        return True
    match = CONSUMED_ON.search(finding["message"])
    if not match:
        return False
    lines = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    earlier = lines[int(match["line"]) - 1] if int(match["line"]) <= len(lines) else ""
    return re.search(r"split\(\s*" + re.escape(match["key"]) + r"\b", earlier) is not None


@dataclass
class RepoTally:
    repo: str
    commit: str
    lines: Counter[str]
    codes: dict[str, Counter[str]] = field(default_factory=dict)  # part -> code -> count
    verdicts: dict[str, Counter[str]] = field(default_factory=dict)  # part -> verdict -> count
    kinds: Counter[str] = field(default_factory=Counter)  # library/tests/examples -> findings
    judged: Counter[str] = field(default_factory=Counter)  # library/tests/examples -> judged
    kind_verdicts: dict[str, Counter[str]] = field(default_factory=dict)  # kind -> verdict -> count
    profile: Counter[str] = field(default_factory=Counter)  # verdicts of what a test profile keeps
    dropped: Counter[str] = field(default_factory=Counter)  # verdicts of what it no longer tells
    # verdicts of the tests/examples findings jaxpure's default test-file profile keeps
    default: Counter[str] = field(default_factory=Counter)

    def findings(self, part: str) -> int:
        return sum(self.codes.get(part, Counter()).values())


def judgement_key(repo: str, path: str, line: int, code: str) -> tuple[str, str, int, str]:
    return (repo, path, line, code)


def load_judgements(path: Path) -> dict[tuple[str, str, int, str], dict]:
    if not path.exists():
        return {}
    entries = json.loads(path.read_text())
    return {judgement_key(e["repo"], e["path"], e["line"], e["code"]): e for e in entries}


def tally_repo(root: Path, repo: str, commit: str, findings: list[dict],
               judgements: dict, not_real: list[dict]) -> RepoTally:
    tally = RepoTally(repo, commit, count_lines(root))
    for finding in findings:
        path = finding["filename"].replace("\\", "/").removeprefix("./")
        part = "library" if part_of(path) == "library" else "tests"
        code = finding["code"]
        tally.codes.setdefault(part, Counter())[code] += 1
        entry = judgements.get(judgement_key(repo, path, finding["location"]["row"], code))
        verdict = entry["verdict"] if entry else "unjudged"
        tally.verdicts.setdefault(part, Counter())[verdict] += 1
        kind = part_of(path)
        tally.kinds[kind] += 1
        tally.judged[kind] += entry is not None
        tally.kind_verdicts.setdefault(kind, Counter())[verdict] += 1
        if kind == "tests":
            kept = profile_keeps(root, path, finding)
            (tally.profile if kept else tally.dropped)[verdict] += 1
        if part == "tests" and not DEFAULT_SETTINGS.ignored_for_file(code, path):
            tally.default[verdict] += 1
        if part == "library" and verdict != "real":
            not_real.append({"repo": repo, "path": path, "line": finding["location"]["row"],
                             "code": code, "verdict": verdict,
                             "cause": (entry or {}).get("cause") or "", "message": finding["message"]})
    return tally


def per_100k(count: float, lines: int) -> str:
    return f"{100_000 * count / lines:.1f}" if lines else "-"


def codes_cell(codes: Counter[str]) -> str:
    return ", ".join(f"{code} {n}" for code, n in sorted(codes.items())) or "-"


def print_library_table(tallies: list[RepoTally]) -> None:
    print("| repository | commit | library lines | tests/examples lines | library findings by code"
          " | real | deliberate | false | false per 100k library lines |")
    print("|---|---|---:|---:|---|---:|---:|---:|---:|")
    for t in tallies:
        v = t.verdicts.get("library", Counter())
        print(f"| {t.repo} | {t.commit[:10]} | {t.lines['library']:,} "
              f"| {t.lines['tests'] + t.lines['examples']:,} | {codes_cell(t.codes.get('library', Counter()))} "
              f"| {v['real']} | {v['deliberate']} | {v['false']} "
              f"| {per_100k(v['false'], t.lines['library'])} |")


def print_tests_table(tallies: list[RepoTally]) -> None:
    print("| repository | tests lines | examples lines | findings by code | findings per 100k lines"
          " | tests / examples findings (judged) | judged: real / deliberate / false"
          " | kept by the test profile |")
    print("|---|---:|---:|---|---:|---|---|---:|")
    for t in tallies:
        lines = t.lines["tests"] + t.lines["examples"]
        v = t.verdicts.get("tests", Counter())
        print(f"| {t.repo} | {t.lines['tests']:,} | {t.lines['examples']:,} "
              f"| {codes_cell(t.codes.get('tests', Counter()))} "
              f"| {per_100k(t.findings('tests'), lines)} "
              f"| {t.kinds['tests']} ({t.judged['tests']}) / {t.kinds['examples']} ({t.judged['examples']}) "
              f"| {v['real']} / {v['deliberate']} / {v['false']} | {sum(t.profile.values())} |")


def print_profile(tallies: list[RepoTally]) -> None:
    """Test files under the recommended profile, examples told everything (as library code)."""
    test_lines = sum(t.lines["tests"] for t in tallies)
    example_lines = sum(t.lines["examples"] for t in tallies)
    tests = sum(t.kinds["tests"] for t in tallies)
    examples = sum(t.kinds["examples"] for t in tallies)
    kept = sum((t.profile for t in tallies), Counter())
    kept_n = sum(kept.values())
    print("| files | lines | findings today | per 100k | with the test profile | per 100k"
          " | real / deliberate / false / unjudged kept |")
    print("|---|---:|---:|---:|---:|---:|---|")
    print(f"| tests | {test_lines:,} | {tests} | {per_100k(tests, test_lines)} | {kept_n} "
          f"| {per_100k(kept_n, test_lines)} | {kept['real']} / {kept['deliberate']} / {kept['false']}"
          f" / {kept['unjudged']} |")
    dropped = sum((t.dropped for t in tallies), Counter())
    print(f"| tests, no longer told | | | | {sum(dropped.values())} | | {dropped['real']} / "
          f"{dropped['deliberate']} / {dropped['false']} / {dropped['unjudged']} |")
    both = test_lines + example_lines
    print(f"| tests and examples | {both:,} | {tests + examples} | {per_100k(tests + examples, both)} "
          f"| {kept_n + examples} | {per_100k(kept_n + examples, both)} | - |")


def print_by_default(tallies: list[RepoTally]) -> None:
    """Tests and examples as `jaxpure check .` tells them with its default test-file profile."""
    lines = sum(t.lines["tests"] + t.lines["examples"] for t in tallies)
    kept = sum((t.default for t in tallies), Counter())
    kept_n = sum(kept.values())
    judged = sum(kept[v] for v in VERDICTS)
    print("| files | lines | findings, every code | findings by default | per 100k lines"
          " | real / deliberate / false / unjudged of those |")
    print("|---|---:|---:|---:|---:|---|")
    print(f"| tests and examples | {lines:,} | {sum(t.findings('tests') for t in tallies)} | {kept_n} "
          f"| {per_100k(kept_n, lines)} | {kept['real']} / {kept['deliberate']} / {kept['false']}"
          f" / {kept['unjudged']} |")
    print(f"\ntests and examples by default: {kept_n} findings, {per_100k(kept_n, lines)} per 100k "
          f"lines, {kept['false']} false of {judged} judged")


def read_sets(path: Path) -> list[tuple[str, list[str]]]:
    """(set name, repositories) from the `# set NAME` lines of a commits file."""
    sets: list[tuple[str, list[str]]] = []
    for line in path.read_text().splitlines():
        if line.startswith("# set "):
            sets.append((line.removeprefix("# set ").strip(), []))
        elif line.strip() and not line.startswith("#") and sets:
            sets[-1][1].append(line.split()[0])
    return sets


def print_sets(tallies: list[RepoTally], sets: list[tuple[str, list[str]]]) -> None:
    """The summary of docs/precision.md: library and tests/examples by default, per set."""
    print("| set | part | lines | findings | per 100k lines | real | deliberate | false | false per 100k lines |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    groups = [(name, [t for t in tallies if t.repo in repos]) for name, repos in sets]
    groups.append((f"all {len(tallies)}", tallies))
    for name, group in groups:
        lines = sum(t.lines["library"] for t in group)
        v = sum((t.verdicts.get("library", Counter()) for t in group), Counter())
        n = sum(t.findings("library") for t in group)
        judged = sum(v[k] for k in VERDICTS)
        share = f" ({100 * v['real'] / judged:.0f}%)" if judged else ""
        print(f"| {name} | library | {lines:,} | {n} | {per_100k(n, lines)} | {v['real']}{share} "
              f"| {v['deliberate']} | {v['false']} | {per_100k(v['false'], lines)} |")
    for name, group in groups:
        lines = sum(t.lines["tests"] + t.lines["examples"] for t in group)
        kept = sum((t.default for t in group), Counter())
        n = sum(kept.values())
        print(f"| {name} | tests and examples, by default | {lines:,} | {n} | {per_100k(n, lines)} "
              f"| {kept['real']} | {kept['deliberate']} | {kept['false']} of "
              f"{sum(kept[k] for k in VERDICTS)} judged | |")


def print_totals(tallies: list[RepoTally]) -> None:
    lib_lines = sum(t.lines["library"] for t in tallies)
    test_lines = sum(t.lines["tests"] + t.lines["examples"] for t in tallies)
    lib = sum((t.verdicts.get("library", Counter()) for t in tallies), Counter())
    tests = sum((t.verdicts.get("tests", Counter()) for t in tallies), Counter())
    lib_n = sum(t.findings("library") for t in tallies)
    test_n = sum(t.findings("tests") for t in tallies)
    lib_codes = sum((t.codes.get("library", Counter()) for t in tallies), Counter())
    test_codes = sum((t.codes.get("tests", Counter()) for t in tallies), Counter())
    judged = sum(lib[v] for v in VERDICTS)
    print(f"| part | lines | findings | per 100k lines | real | deliberate | false | false per 100k lines |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| library | {lib_lines:,} | {lib_n} | {per_100k(lib_n, lib_lines)} | {lib['real']} "
          f"| {lib['deliberate']} | {lib['false']} | {per_100k(lib['false'], lib_lines)} |")
    print(f"| tests/examples | {test_lines:,} | {test_n} | {per_100k(test_n, test_lines)} "
          f"| {tests['real']} | {tests['deliberate']} | {tests['false']} (of "
          f"{sum(tests[v] for v in VERDICTS)} judged) | - |")
    for kind in ("tests", "examples"):
        lines = sum(t.lines[kind] for t in tallies)
        found = sum(t.kinds[kind] for t in tallies)
        v = sum((t.kind_verdicts.get(kind, Counter()) for t in tallies), Counter())
        print(f"| - of which {kind} | {lines:,} | {found} | {per_100k(found, lines)} | {v['real']} "
              f"| {v['deliberate']} | {v['false']} (of {found - v['unjudged']} judged) | - |")
    print()
    if judged:
        print(f"library: {lib['real']}/{judged} real ({100 * lib['real'] / judged:.0f}%), "
              f"{lib['unjudged']} unjudged")
    print(f"library findings by code: {codes_cell(lib_codes)}")
    print(f"tests/examples findings by code: {codes_cell(test_codes)}")


def print_code_verdicts(judgements: dict, part: str) -> None:
    """Real / deliberate / false per rule, over the judged findings of one part."""
    per_code: dict[str, Counter[str]] = {}
    for entry in judgements.values():
        if entry.get("part", "library") == part:
            per_code.setdefault(entry["code"], Counter())[entry["verdict"]] += 1
    print("| code | judged | real | deliberate | false |")
    print("|---|---:|---:|---:|---:|")
    for code, v in sorted(per_code.items()):
        print(f"| {code} | {sum(v.values())} | {v['real']} | {v['deliberate']} | {v['false']} |")


def print_idioms(judgements: dict) -> None:
    """Which test idioms the deliberate test/example findings come from."""
    idioms: dict[str, Counter[str]] = {}
    for entry in judgements.values():
        if entry.get("part") == "tests" and entry["verdict"] == "deliberate":
            idioms.setdefault(entry.get("cause") or "other", Counter())[entry["code"]] += 1
    print("| test idiom | deliberate findings | by code |")
    print("|---|---:|---|")
    for idiom, codes in sorted(idioms.items(), key=lambda item: -sum(item[1].values())):
        print(f"| {idiom} | {sum(codes.values())} | {codes_cell(codes)} |")


def print_causes(judgements: dict) -> None:
    causes: Counter[str] = Counter()
    for entry in judgements.values():
        if entry["verdict"] == "false":
            causes[f"{entry['cause']} ({entry.get('part', 'library')})"] += 1
    print("| false-finding cause | findings |")
    print("|---|---:|")
    for cause, n in causes.most_common():
        print(f"| {cause} | {n} |")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", type=Path)
    parser.add_argument("--reuse", action="store_true", help="read the JSON of an earlier run")
    parser.add_argument("--jaxpure", default=str(HERE.parents[1] / ".venv" / "bin" / "jaxpure"))
    parser.add_argument("--judgements", type=Path, default=HERE / "judgements.json")
    parser.add_argument("--unjudged", action="store_true", help="list library findings with no judgement")
    parser.add_argument("--non-real", action="store_true",
                        help="list library findings not judged real: repo path:line code verdict cause")
    parser.add_argument("--sets", type=Path, help="a commits file with `# set NAME` lines: summary per set")
    args = parser.parse_args(argv)
    judgements = load_judgements(args.judgements)
    tallies: list[RepoTally] = []
    not_real: list[dict] = []
    for line in (args.trees / "commits.txt").read_text().split("\n"):
        if not line.strip():
            continue
        repo, commit = line.split()
        root = args.trees / repo.split("/", 1)[1]
        findings = run_check(root, args.jaxpure, args.trees / "_results" / f"{root.name}.json", args.reuse)
        tallies.append(tally_repo(root, repo, commit, findings, judgements, not_real))
    print("## Library code\n")
    print_library_table(tallies)
    print("\n## Tests and examples\n")
    print_tests_table(tallies)
    print("\n## Totals\n")
    print_totals(tallies)
    print("\n## Test-file profile\n")
    print_profile(tallies)
    print("\n## Tests and examples by default\n")
    print_by_default(tallies)
    if args.sets:
        print("\n## Summary per set\n")
        print_sets(tallies, read_sets(args.sets))
    print("\n## Judged library findings by code\n")
    print_code_verdicts(judgements, "library")
    print("\n## Judged test/example findings by code\n")
    print_code_verdicts(judgements, "tests")
    print("\n## False-finding causes\n")
    print_causes(judgements)
    print("\n## Deliberate test/example findings by idiom\n")
    print_idioms(judgements)
    if args.unjudged:
        print("\n## Unjudged library findings\n")
        for entry in not_real:
            if entry["verdict"] == "unjudged":
                print(json.dumps({k: entry[k] for k in ("repo", "path", "line", "code", "message")}))
    if args.non_real:
        print("\n## Library findings not judged real\n")
        for entry in not_real:
            print(f"{entry['repo']} {entry['path']}:{entry['line']} {entry['code']} {entry['verdict']} "
                  f"{entry['cause'] or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
