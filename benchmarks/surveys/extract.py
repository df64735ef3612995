"""Extract a tree of each mirrored repository, skipping blobs the snapshot lacks.

`git archive` stops at the first absent blob (snapshots omit their largest files), so
this reads the tree with `git ls-tree` and writes each present blob with `git cat-file`.

Usage:
    python extract.py MIRROR_ROOT OUT_DIR owner+name [owner+name ...]
        the HEAD tree of each snapshot
    python extract.py MIRROR_ROOT OUT_DIR --commits FILE
        the tree at the commit FILE names for each repository (lines `owner/name commit`,
        as commits.txt and all-commits.txt hold them): the commit surveyed, which a later
        snapshot's HEAD may have moved past
Writes OUT_DIR/<name>/... and OUT_DIR/commits.txt (owner/name commit).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path


def resolve(git_dir: Path, revision: str) -> str | None:
    """The full commit a revision names in the snapshot, or None when the snapshot lacks it."""
    result = subprocess.run(
        ["git", f"--git-dir={git_dir}", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        capture_output=True, text=True,
    )
    return result.stdout.strip() or None


def tree_blobs(git_dir: Path, commit: str) -> list[tuple[str, str]]:
    """(sha, path) of every regular file in the commit's tree."""
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", commit],
        check=True, capture_output=True,
    ).stdout.decode("utf-8", "surrogateescape")
    blobs = []
    for entry in out.split("\0"):
        if not entry:
            continue
        meta, path = entry.split("\t", 1)
        mode, kind, sha = meta.split()
        if kind == "blob" and mode in ("100644", "100755"):
            blobs.append((sha, path))
    return blobs


def extract(git_dir: Path, commit: str, dest: Path) -> list[str]:
    """Write every present blob of the commit under dest; return the paths that were absent."""
    blobs = tree_blobs(git_dir, commit)
    proc = subprocess.Popen(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    missing = []
    for sha, path in blobs:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if header[-1] == b"missing":
            missing.append(path)
            continue
        size = int(header[2])
        data = proc.stdout.read(size)
        proc.stdout.read(1)
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    proc.stdin.close()
    proc.wait()
    return missing


def read_commits(path: Path) -> list[tuple[str, str]]:
    """(owner+name, commit) per non-empty line `owner/name commit` of a commits file."""
    wanted = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            repo, commit = line.split()
            wanted.append((repo.replace("/", "+"), commit))
    return wanted


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mirror_root", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("slugs", nargs="*", metavar="owner+name", help="extract HEAD of these")
    parser.add_argument("--commits", type=Path, help="extract the commit this file names per repository")
    args = parser.parse_args(argv)
    if bool(args.slugs) == bool(args.commits):
        parser.print_usage(sys.stderr)
        print("give either owner+name arguments (HEAD) or --commits FILE", file=sys.stderr)
        return 2
    wanted = read_commits(args.commits) if args.commits else [(slug, "HEAD") for slug in args.slugs]
    missing_snapshots = [slug for slug, _ in wanted if not (args.mirror_root / slug / "repo").is_dir()]
    if missing_snapshots:
        print(f"no snapshot under {args.mirror_root} for: {', '.join(missing_snapshots)} "
              "(fetch them first)", file=sys.stderr)
        return 2
    absent_commits = [f"{slug} {rev}" for slug, rev in wanted
                      if resolve(args.mirror_root / slug / "repo", rev) is None]
    if absent_commits:
        print("commits absent from their snapshots: " + ", ".join(absent_commits), file=sys.stderr)
        return 2
    lines = []
    for slug, revision in wanted:
        git_dir = args.mirror_root / slug / "repo"
        commit = resolve(git_dir, revision)
        assert commit is not None
        missing = extract(git_dir, commit, args.out_dir / slug.split("+", 1)[1])
        lines.append(f"{slug.replace('+', '/')} {commit}")
        print(f"{slug} {commit[:10]}: {len(missing)} absent blobs skipped"
              + (f" ({', '.join(missing)})" if missing else ""), file=sys.stderr)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    (args.out_dir / "commits.txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
