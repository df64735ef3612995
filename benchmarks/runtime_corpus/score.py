"""Compare `jaxpure check` with the recorded runtime truth of the corpus (no JAX needed).

    python benchmarks/runtime_corpus/score.py        # prints misses, false positives, totals

`run.py` re-establishes the runtime truth by running every case under JAX (a few minutes)
and rewrites results.json; this script only re-runs the static checker.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def score(verbose: bool = True) -> dict[str, float]:
    recorded = json.loads((HERE / "results.json").read_text())
    proc = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", "--no-cache", "--isolated",
         "--output-format", "json", "--exit-zero", "-q",
         *[str(HERE / "cases" / f"{case['case']}.py") for case in recorded]],
        capture_output=True, text=True, check=True,
    )
    found: dict[str, set[tuple[str, int]]] = {}
    for finding in json.loads(proc.stdout):
        case = Path(finding["filename"]).stem
        found.setdefault(case, set()).add((finding["code"], finding["location"]["row"]))
    tp = fn = fp = 0
    for case in recorded:
        expected = {(code, row) for code, row in case["expect"]} if case["runtime"] == "bug" else set()
        got = found.get(case["case"], set())
        for item in sorted(expected):
            if item in got:
                tp += 1
            else:
                fn += 1
                if verbose:
                    print("missed        ", case["case"], item)
        for item in sorted(got - expected):
            fp += 1
            if verbose:
                print("false positive", case["case"], item)
    totals = {"tp": tp, "fn": fn, "fp": fp,
              "precision": tp / (tp + fp) if tp + fp else 1.0,
              "recall": tp / (tp + fn) if tp + fn else 1.0}
    if verbose:
        print(f"cases {len(recorded)}: tp={tp} fn={fn} fp={fp} "
              f"precision={totals['precision']:.3f} recall={totals['recall']:.3f}")
    return totals


if __name__ == "__main__":
    score()
