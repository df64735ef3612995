"""The default of --jobs: serial for small inputs, every core for large ones (jaxpure/jobs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_support import DISCARDED, run_in_process, write
from jaxpure import runner
from jaxpure.jobs import PARALLEL_FROM_BYTES, default_workers


def test_small_inputs_stay_serial_and_large_ones_use_the_cores(tmp_path: Path) -> None:
    small = tmp_path / "small.py"
    small.write_text("x = 1\n" * 100)
    big = tmp_path / "big.py"
    big.write_text("#" * PARALLEL_FROM_BYTES)
    assert default_workers([str(small)] * 50, cores=4) == 1
    assert default_workers([str(small), str(big)], cores=4) == 4
    assert default_workers([str(big)], cores=1) == 1
    assert default_workers([str(tmp_path / "missing.py"), str(small)], cores=4) == 1


def test_a_small_run_without_jobs_starts_no_worker_pool(tmp_path: Path, capsys,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # more files than the runner's pool minimum, but little to check: no pool
    write(tmp_path, {f"m{i}.py": DISCARDED for i in range(runner.POOL_MIN_FILES + 2)})
    monkeypatch.setattr(runner, "default_jobs", lambda: 4)

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started for a small run")

    monkeypatch.setattr(runner, "WorkerPool", no_pool)
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", ".")
    assert run.code == 1 and run.out.count("JXP202") == runner.POOL_MIN_FILES + 2
