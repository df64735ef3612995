"""jaxpure against a corpus whose bugs and look-alikes were verified by running them in JAX.

The thresholds sit just under what the analysis reaches today: a change that makes the
shared analysis miss real bugs or report legal code fails here, on cases nobody wrote to
fit the rules (see benchmarks/runtime_corpus/README.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_precision_and_recall_on_the_runtime_verified_corpus() -> None:
    spec = importlib.util.spec_from_file_location(
        "runtime_corpus_score", ROOT / "benchmarks" / "runtime_corpus" / "score.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    totals = module.score(verbose=False)
    # 0.972 and 0.896 today on 833 cases (0.963 / 0.890 on the first 689; the 144 of the
    # fourth session's two rounds scored 0.64-0.93 / 0.76-0.78 when written, 0.97 / 0.90
    # after its fixes); the misses left are listed in README.md, "Known limitations"
    assert totals["precision"] >= 0.96, totals
    assert totals["recall"] >= 0.88, totals
