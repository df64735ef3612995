"""`jaxpure verify --findings` on real findings from real repositories (issue 16's measure).

Runs locally, not in CI: it needs the repositories' sources (git mirrors, default
/work/.mirror/<owner>+<name>/repo, read at HEAD with `git archive`) and the few third-party
dependencies they import that are not mirrored (pip install --no-deps absl-py toolz jaxtyping
wadler_lindig jax_dataclasses immutabledict tqdm scikit-learn joblib threadpoolctl msgpack
narwhals dm-tree equinox lineax optimistix diffrax gymnasium matplotlib seaborn: equinox to
diffrax only for their package metadata; and flax distrax tfp-nightly aqtp with jax kept at
0.10.2). Library dependencies that are mirrored (chex for optax, equinox for diffrax, ...) are put on PYTHONPATH from their own mirrors. No hand-written example is
given to any target: every input comes from call sites, test setup or types.

    python benchmarks/verify_real.py                # verify every finding listed below, print figures
    python benchmarks/verify_real.py --list         # only list the findings
    python benchmarks/verify_real.py --project optax

Each finding is a coordinate (project, file, row, code) of a `jaxpure check` finding at the
mirror's HEAD; the script prints each one's verdict (confirmed / not observed / not run with
the reason), then the figures: how many were run without a hand-written example, and how many
were confirmed.

Before (jax 0.10.2, 2 cores at load 16-36, --timeout 60, flax/distrax/tfp-nightly/aqtp
installed): 44 findings from 12 projects, 18 run without a hand-written example (41%): 17
confirmed, 1 not observed; 25 not run: 8 timed out, 7 no inputs, 5 import failed (diffrax's
package metadata, mctx's partial mirror), 2 fails with the inputs, 2 a dependency missing
(gymnasium), 1 outside a function; 1 finding no longer reported by `jaxpure check`.

After (same machine and load, also pip install gymnasium matplotlib seaborn and --no-deps
diffrax; run project by project with --reuse): 26 of 44 run without a hand-written example
(59%): 23 confirmed (10 optax, 6 jaxopt key reuses in test methods, 3 kfac-jax, 1 each
gymnax, haliax, jaxlie, ssm-jax), 3 not observed (each names the unrelated jit failure or the
clean run); 17 not run: 6 timed out (whole test methods: haliax conv/mlp, jaxopt lbfgs, lineax
and diffrax benchmarks; each limit already stretched 30-145 s for CPU waits), 6 no inputs
(`model`, `terms: PyTree[AbstractTerm]`, `Any` fields, unannotated test helpers, LSMR's
solver state), 2 checks skipped (no key reaches mctx's closure; jaxopt's test does not jit),
2 fail with the inputs (flashbax's test fails by itself under jax 0.10.2), 1 outside a
function; 1 no longer reported. The timeouts were CPU starvation (a worker got 35 s of CPU in
7 min): `--timeout` no longer counts time spent waiting for a CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

MIRRORS = Path(os.environ.get("JAXPURE_MIRRORS", "/work/.mirror"))
WORK = Path(tempfile.gettempdir()) / "jaxpure-verify-real"


@dataclass(frozen=True)
class Project:
    mirror: str  # owner+name under MIRRORS
    path: tuple[str, ...] = ()  # other mirrors whose sources the code imports
    source: str = ""  # the directory holding the package (a src/ layout)


PROJECTS = {
    "optax": Project("google-deepmind+optax", ("google-deepmind+chex",)),
    "jaxopt": Project("google+jaxopt", ("google-deepmind+optax", "google-deepmind+chex")),
    "kfac-jax": Project("google-deepmind+kfac-jax", ("google-deepmind+chex", "google-deepmind+optax")),
    "diffrax": Project("patrick-kidger+diffrax", ("patrick-kidger+equinox", "patrick-kidger+lineax",
                                                   "patrick-kidger+optimistix")),
    "lineax": Project("patrick-kidger+lineax", ("patrick-kidger+equinox",)),
    "optimistix": Project("patrick-kidger+optimistix", ("patrick-kidger+equinox", "patrick-kidger+lineax")),
    "haliax": Project("stanford-crfm+haliax", ("patrick-kidger+equinox",), "src"),
    "jaxlie": Project("brentyi+jaxlie"),
    "flashbax": Project("instadeepai+flashbax", ("google-deepmind+chex",)),
    "mctx": Project("google-deepmind+mctx", ("google-deepmind+chex",)),
    "gymnax": Project("RobertTLange+gymnax", ("google-deepmind+chex",)),
    "ssm-jax": Project("lindermanlab+ssm-jax", ("google-deepmind+optax", "google-deepmind+chex")),
}

# (project, file, row, code): findings of `jaxpure check` at each mirror's HEAD.
FINDINGS: tuple[tuple[str, str, int, str], ...] = (
    ("optax", "optax/tree_utils/_random_test.py", 64, "JXP301"),
    ("optax", "optax/tree_utils/_random_test.py", 97, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 159, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 170, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 221, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 254, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 277, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 332, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 345, "JXP301"),
    ("optax", "optax/losses/_segmentation_test.py", 368, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 132, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 162, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 193, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 329, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 451, "JXP301"),
    ("jaxopt", "tests/perturbations_test.py", 625, "JXP301"),
    ("jaxopt", "tests/lbfgs_test.py", 384, "JXP301"),
    ("jaxopt", "tests/scipy_wrappers_test.py", 59, "JXP201"),
    ("jaxopt", "tests/common_test.py", 434, "JXP101"),
    ("kfac-jax", "kfac_jax/_src/utils/parallel.py", 49, "JXP401"),
    ("kfac-jax", "kfac_jax/_src/patches_second_moment.py", 47, "JXP101"),
    ("kfac-jax", "kfac_jax/_src/utils/math.py", 70, "JXP101"),
    ("kfac-jax", "tests/test_patches_second_moment.py", 145, "JXP301"),
    ("diffrax", "diffrax/_integrate.py", 1052, "JXP104"),
    ("diffrax", "test/helpers.py", 472, "JXP301"),
    ("diffrax", "benchmarks/brownian_tree_times.py", 124, "JXP301"),
    ("lineax", "lineax/_solver/lsmr.py", 293, "JXP502"),
    ("lineax", "benchmarks/gmres_fails_safely.py", 38, "JXP301"),
    ("optimistix", "optimistix/_iterate.py", 334, "JXP104"),
    ("optimistix", "tests/helpers.py", 479, "JXP302"),
    ("haliax", "tests/test_conv.py", 19, "JXP301"),
    ("haliax", "tests/test_conv.py", 77, "JXP301"),
    ("haliax", "tests/test_nn.py", 139, "JXP301"),
    ("haliax", "tests/test_random.py", 98, "JXP301"),
    ("jaxlie", "jaxlie/manifold/_deltas.py", 171, "JXP401"),
    ("jaxlie", "tests/test_manifold.py", 60, "JXP403"),
    ("flashbax", "flashbax/buffers/sum_tree_test.py", 255, "JXP301"),
    ("flashbax", "flashbax/buffers/sum_tree_test.py", 256, "JXP301"),
    ("mctx", "mctx/_src/policies.py", 369, "JXP301"),
    ("mctx", "mctx/_src/policies.py", 451, "JXP301"),
    ("gymnax", "tests/bsuite/test_deep_sea.py", 24, "JXP301"),
    ("gymnax", "tests/misc/test_frozen_lake.py", 27, "JXP301"),
    ("ssm-jax", "ssm/utils.py", 189, "JXP301"),
    ("ssm-jax", "ssm/inference/laplace_em.py", 117, "JXP401"),
)


def checkout(mirror: str) -> Path:
    """The mirror's HEAD as files (extracted once)."""
    target = WORK / mirror
    if not (target / ".complete").exists():
        target.mkdir(parents=True, exist_ok=True)
        git = ["git", "--git-dir", str(MIRRORS / mirror / "repo")]
        # Python sources and small data only: a mirror may lack the blobs of large files
        listed = subprocess.run([*git, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True,
                                check=False).stdout.splitlines()
        wanted = [name for name in listed if name.endswith((".py", ".json", ".txt", ".cfg", ".toml"))]
        # git archive stops at the first blob a partial mirror lacks: keep only those present
        probe = subprocess.run([*git, "cat-file", "--batch-check"], input="".join(f"HEAD:{n}\n" for n in wanted),
                               capture_output=True, text=True, check=False).stdout.splitlines()
        wanted = [name for name, line in zip(wanted, probe) if not line.endswith("missing")]
        archive = subprocess.run([*git, "archive", "HEAD", "--", *wanted], capture_output=True, check=False)
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, capture_output=True, check=False)
        (target / ".complete").write_text("")
    return target


def verify_project(name: str, findings: list[tuple[str, str, int, str]], timeout: float,
                   reuse: bool = False) -> list[dict[str, object]]:
    project = PROJECTS[name]
    root = checkout(project.mirror)
    path = os.pathsep.join([str(root / project.source), *(str(checkout(m)) for m in project.path)])
    files = sorted({f for _, f, _, _ in findings})
    env = dict(os.environ, PYTHONPATH=path)
    command = [sys.executable, "-m", "jaxpure", "verify", "--findings", *files, "--output-format", "json",
               "--allow-not-run", "--jobs", "2", "--timeout", str(timeout)]
    saved = WORK / f"{name}.json"  # the raw verdicts, to read (and to reuse with --reuse)
    if reuse and saved.exists():
        payload = json.loads(saved.read_text())
    else:
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, check=False)
        try:
            payload = json.loads(done.stdout)
        except json.JSONDecodeError:
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            return [{"status": "not run", "detail": f"jaxpure verify failed: {tail}", "examples": None}
                    for _ in findings]
        saved.write_text(json.dumps(payload, indent=1))
    examples = {r["target"]: (r.get("meta") or {}).get("examples") for r in payload["reports"]}
    verdicts = {(os.path.normpath(v["filename"]), v["row"], v["code"]): v for v in payload["findings"]}
    results = []
    for _, file, row, code in findings:
        found = verdicts.get((os.path.normpath(file), row, code))
        if found is None:
            results.append({"status": "missing", "detail": "jaxpure check no longer reports it", "examples": None})
        else:
            results.append({"status": found["status"], "detail": found["detail"],
                            "examples": examples.get(found.get("target"))})
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--project", action="append", choices=sorted(PROJECTS))
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--reuse", action="store_true", help="read a project's verdicts saved by an earlier run")
    args = parser.parse_args()
    chosen = [f for f in FINDINGS if not args.project or f[0] in args.project]
    if args.list:
        for finding in chosen:
            print(*finding, sep="  ")
        return 0
    started = time.perf_counter()
    rows: list[tuple[tuple[str, str, int, str], dict[str, object]]] = []
    for name in dict.fromkeys(f[0] for f in chosen):
        mine = [f for f in chosen if f[0] == name]
        rows += list(zip(mine, verify_project(name, mine, args.timeout, args.reuse)))
        print(f"{name}: done at {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    for (project, file, row, code), result in rows:
        print(f"{project:10} {file}:{row} {code}  {result['status']}: {str(result['detail'])[:160]}")
    statuses = Counter(str(r["status"]) for _, r in rows)
    ran = [r for _, r in rows if r["status"] in ("confirmed", "not observed")]
    by_hand = [r for r in ran if str(r.get("examples") or "").endswith(".py")]
    projects = {f[0] for f, _ in rows}
    print()
    print(f"{len(rows)} findings from {len(projects)} projects in {time.perf_counter() - started:.0f} s")
    print(f"run without a hand-written example: {len(ran) - len(by_hand)} of {len(rows)} "
          f"({(len(ran) - len(by_hand)) / max(1, len(rows)):.0%})")
    print("verdicts: " + ", ".join(f"{n} {status}" for status, n in statuses.most_common()))
    reasons = Counter(_reason(str(r["detail"])) for _, r in rows if r["status"] == "not run")
    if reasons:
        print("not run: " + ", ".join(f"{n} {why}" for why, n in reasons.most_common()))
    return 0


def _reason(detail: str) -> str:
    for marker, kind in (("install ", "a dependency is missing"), ("no example", "no inputs"),
                         ("timed out", "timed out"), ("skipped", "the check was skipped"),
                         ("fails eagerly", "fails with the inputs"), ("cannot import", "import failed")):
        if marker in detail:
            return kind
    return "other"


if __name__ == "__main__":
    sys.exit(main())
