"""Score jaxpure on the real-world bug benchmark.

For every parent tree rebuilt by rebuild.py, run `jaxpure check --output-format json .`
at the tree's root (the whole repository, tests and examples included, as a user would),
then report which buggy lines got a finding: any code, and the expected code; which fix
commits got at least one of their lines; per project and per category; and the misses.
Runs locally only (it needs the rebuilt trees).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rebuild import DEFAULT_TREES, HERE, load_entries, tree_dir  # noqa: E402

DEFAULT_JAXPURE = Path(sys.executable).with_name("jaxpure")


def run_jaxpure(command: list[str], tree: Path, timeout: int) -> list[dict]:
    """Findings of one whole-tree run (the project's own configuration applies, as for a user)."""
    done = subprocess.run(
        ["nice", "-n", "10", *command, "check", "--output-format", "json", "--no-cache", "."],
        cwd=tree, capture_output=True, text=True, timeout=timeout,
    )
    text = done.stdout
    # exit 2 with findings on stdout: some files could not be checked (an invalid notebook,
    # say) and the rest were; the run still counts, as it would for a user
    if done.returncode not in (0, 1) and not (done.returncode == 2 and text.lstrip().startswith("[")):
        raise RuntimeError(f"jaxpure failed on {tree}: {done.stderr.strip()[-500:]}")
    if done.returncode == 2:
        print(f"note: {tree.name}: {done.stderr.strip().splitlines()[0]}", file=sys.stderr)
    return json.loads(text[: text.rindex("]") + 1]) if "[" in text else []


def normalise(tree: Path, filename: str) -> str:
    """A finding's file as a path relative to the tree root, with forward slashes."""
    absolute = filename if os.path.isabs(filename) else os.path.join(tree, filename)
    return Path(os.path.relpath(absolute, tree)).as_posix()


def findings_by_file(tree: Path, findings: list[dict]) -> dict[str, list[dict]]:
    grouped: dict[str, list[dict]] = defaultdict(list)
    for finding in findings:
        grouped[normalise(tree, finding["filename"])].append(finding)
    return grouped


def covers(finding: dict, line: int) -> bool:
    """A finding reports a line when its range starts on it or spans it (a multi-line call)."""
    start = finding["location"]["row"]
    end = (finding.get("end_location") or finding["location"])["row"]
    return start <= line <= max(start, end)


def match_entry(entry: dict, grouped: dict[str, list[dict]]) -> tuple[bool, bool, list[str]]:
    """(reported with any code, reported with the expected code, the codes reported there).

    A key reuse is a pair of uses; the fix may change either, and a linter reports the
    second, so an entry may name the other use as `pair_line`: a finding there counts too.
    """
    lines = [entry["line"]] + ([entry["pair_line"]] if entry.get("pair_line") else [])
    codes = sorted({f["code"] for f in grouped.get(entry["path"], []) if any(covers(f, n) for n in lines)})
    return bool(codes), entry["expected_code"] in codes, codes


def fraction(hit: int, total: int) -> str:
    return f"{hit}/{total} = {hit / total:.0%}" if total else "0/0"


def summarise(entries: list[dict], results: dict[str, tuple[bool, bool, list[str]]]) -> dict:
    """Line, expected-code and commit recall overall, per project and per category."""
    def block(selected: list[dict]) -> dict:
        commits: dict[tuple[str, str], bool] = {}
        for e in selected:
            key = (e["repository"], e["fix_commit"])
            commits[key] = commits.get(key, False) or results[e["id"]][0]
        return {
            "lines": len(selected),
            "reported_any": sum(results[e["id"]][0] for e in selected),
            "reported_expected": sum(results[e["id"]][1] for e in selected),
            "commits": len(commits),
            "commits_reported": sum(commits.values()),
        }
    per = lambda field: {k: block([e for e in entries if e[field] == k]) for k in sorted({e[field] for e in entries})}  # noqa: E731
    return {
        "overall": block(entries),
        "projects": per("repository"),
        "categories": per("category"),
        "misses": [
            {"id": e["id"], "expected": e["expected_code"], "reported": results[e["id"]][2],
             "category": e["category"], "traced_by": e["traced_by"]}
            for e in entries if not results[e["id"]][1]
        ],
    }


def render(summary: dict) -> str:
    o = summary["overall"]
    out = [
        f"buggy lines reported (any code): {fraction(o['reported_any'], o['lines'])}",
        f"buggy lines reported (expected code): {fraction(o['reported_expected'], o['lines'])}",
        f"fix commits with a line reported: {fraction(o['commits_reported'], o['commits'])}",
        "",
        "| group | lines | any code | expected code | commits reported |",
        "|---|---|---|---|---|",
    ]
    for title in ("projects", "categories"):
        for name, b in summary[title].items():
            out.append(f"| {name} | {b['lines']} | {b['reported_any']} | {b['reported_expected']} "
                       f"| {b['commits_reported']}/{b['commits']} |")
    out += ["", "misses (expected code not reported):"]
    out += [f"- {m['id']} ({m['category']}, {m['traced_by']}): expected {m['expected']}, reported "
            f"{', '.join(m['reported']) or 'nothing'}" for m in summary["misses"]]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=Path, default=DEFAULT_TREES)
    parser.add_argument("--bugs", type=Path, default=HERE / "bugs.json",
                        help="the entries to score (heldout.json: the held-out set)")
    parser.add_argument("--jaxpure", type=Path, default=DEFAULT_JAXPURE)
    parser.add_argument("--timeout", type=int, default=1800, help="seconds per tree")
    parser.add_argument("--json", type=Path, help="also write the summary here")
    parser.add_argument("--reuse", type=Path, help="read and write raw findings per tree in this directory")
    args = parser.parse_args(argv)
    entries = load_entries(args.bugs)
    results: dict[str, tuple[bool, bool, list[str]]] = {}
    for repository, parent in sorted({(e["repository"], e["parent_commit"]) for e in entries}):
        tree = tree_dir(args.trees, repository, parent)
        if not tree.is_dir():
            print(f"{repository}@{parent[:10]}: tree missing, run rebuild.py", file=sys.stderr)
            return 2
        cached = args.reuse / f"{repository.replace('/', '+')}-{parent}.json" if args.reuse else None
        if cached and cached.exists():
            findings = json.loads(cached.read_text())
        else:
            findings = run_jaxpure([str(args.jaxpure.absolute())], tree, args.timeout)
            if cached:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_text(json.dumps(findings))
        grouped = findings_by_file(tree, findings)
        for e in entries:
            if e["repository"] == repository and e["parent_commit"] == parent:
                results[e["id"]] = match_entry(e, grouped)
    summary = summarise(entries, results)
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    print(render(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
