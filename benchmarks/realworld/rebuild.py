"""Rebuild the parent tree of every entry in bugs.json from the repositories' git snapshots.

Each snapshot is a bare git directory that the `fetch` tool brings under
`<mirror>/<owner>+<name>/repo`; `git archive <parent>` unpacks the whole tree into
`<trees>/<owner>+<name>/<parent>/`, outside this repository, so that no code of those
projects is ever committed here. Every buggy line is checked against its recorded sha256.
Runs locally only (it needs the snapshots; CI has no network).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_MIRROR = Path("/work/.mirror")
DEFAULT_TREES = Path("/work/realworld-trees")


def load_entries(path: Path = HERE / "bugs.json") -> list[dict]:
    return json.loads(path.read_text())


def slug(repository: str) -> str:
    return repository.replace("/", "+")


def tree_dir(trees: Path, repository: str, parent: str) -> Path:
    return trees / slug(repository) / parent


def git_dir(mirror: Path, repository: str) -> Path:
    return mirror / slug(repository) / "repo"


def line_digest(text: str) -> str:
    """The digest recorded for a buggy line: its text without surrounding whitespace."""
    return hashlib.sha256(text.strip().encode()).hexdigest()


def unpack(mirror: Path, trees: Path, repository: str, parent: str) -> Path:
    """Write the parent commit's files into its tree directory (once).

    Like `git archive`, but files the snapshot lacks (its largest blobs) are left out
    instead of failing the whole tree.
    """
    target = tree_dir(trees, repository, parent)
    done = target / ".rebuilt"
    if done.exists():
        return target
    target.mkdir(parents=True, exist_ok=True)
    git = ["git", f"--git-dir={git_dir(mirror, repository)}"]
    listing = subprocess.run(git + ["ls-tree", "-r", "-z", parent], capture_output=True, check=True).stdout
    blobs = [(row.split(b"\t", 1)[0].split()[2], row.split(b"\t", 1)[1].decode(errors="replace"))
             for row in listing.split(b"\0") if row and row.split()[1] == b"blob"]
    request = b"".join(sha + b"\n" for sha, _ in blobs)
    stream = subprocess.run(git + ["cat-file", "--batch"], input=request, capture_output=True, check=True).stdout
    position = 0
    for _, name in blobs:
        end = stream.index(b"\n", position)
        header = stream[position:end].split()
        position = end + 1
        if header[-1] == b"missing":
            continue
        size = int(header[2])
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(stream[position:position + size])
        position += size + 1
    done.write_text(parent + "\n")
    return target


def check_line(tree: Path, entry: dict) -> str | None:
    """None when the buggy line is where the entry says, else why not."""
    source = tree / entry["path"]
    if not source.is_file():
        return f"{entry['id']}: {entry['path']} missing"
    lines = source.read_text(errors="replace").splitlines()
    if entry["line"] > len(lines) or line_digest(lines[entry["line"] - 1]) != entry["line_sha256"]:
        return f"{entry['id']}: line {entry['line']} of {entry['path']} does not match its sha256"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR)
    parser.add_argument("--trees", type=Path, default=DEFAULT_TREES)
    parser.add_argument("--bugs", type=Path, default=HERE / "bugs.json",
                        help="the entries to score (heldout.json: the held-out set)")
    args = parser.parse_args(argv)
    entries = load_entries(args.bugs)
    problems: list[str] = []
    for repository, parent in sorted({(e["repository"], e["parent_commit"]) for e in entries}):
        if not git_dir(args.mirror, repository).is_dir():
            problems.append(f"{repository}: no snapshot under {args.mirror} (fetch github:{repository})")
            continue
        unpack(args.mirror, args.trees, repository, parent)
    for entry in entries:
        tree = tree_dir(args.trees, entry["repository"], entry["parent_commit"])
        if tree.is_dir():
            problem = check_line(tree, entry)
            if problem:
                problems.append(problem)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(entries)} entries, {len({e['parent_commit'] for e in entries})} trees, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
