"""Extract the HEAD tree of each mirrored repository, skipping blobs the snapshot lacks.

`git archive HEAD` stops at the first absent blob (snapshots omit their largest files), so
this reads the tree with `git ls-tree` and writes each present blob with `git cat-file`.

Usage: python extract.py MIRROR_ROOT OUT_DIR owner+name [owner+name ...]
Writes OUT_DIR/<name>/... and OUT_DIR/commits.txt (owner/name commit).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def head_commit(git_dir: Path) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "rev-parse", "HEAD"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()


def tree_blobs(git_dir: Path) -> list[tuple[str, str]]:
    """(sha, path) of every regular file in HEAD."""
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", "-z", "HEAD"],
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


def extract(git_dir: Path, dest: Path) -> int:
    """Write every present blob under dest; return how many were absent."""
    blobs = tree_blobs(git_dir)
    proc = subprocess.Popen(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    missing = 0
    for sha, path in blobs:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if header[-1] == b"missing":
            missing += 1
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


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print("usage: python extract.py MIRROR_ROOT OUT_DIR owner+name [owner+name ...]",
              file=sys.stderr)
        return 2
    mirror_root, out_dir = Path(argv[0]), Path(argv[1])
    missing_snapshots = [slug for slug in argv[2:] if not (mirror_root / slug / "repo").is_dir()]
    if missing_snapshots:
        print(f"no snapshot under {mirror_root} for: {', '.join(missing_snapshots)} "
              "(fetch them first)", file=sys.stderr)
        return 2
    lines = []
    for slug in argv[2:]:
        git_dir = mirror_root / slug / "repo"
        name = slug.split("+", 1)[1]
        missing = extract(git_dir, out_dir / name)
        lines.append(f"{slug.replace('+', '/')} {head_commit(git_dir)}")
        print(f"{slug}: {missing} absent blobs skipped", file=sys.stderr)
    (out_dir / "commits.txt").write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
