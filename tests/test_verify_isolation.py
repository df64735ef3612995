"""Verify targets do not leak (issue 15): into the next target's verdicts (a module that turns
jit off, replaces jax.jit or changes the working directory), nor past their parent (a killed
`jaxpure verify` leaves no worker and no child of a target behind); --timeout nan/inf give one
clear line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("jax")

from jaxpure.verify.options import VerifyOptions  # noqa: E402
from jaxpure.verify.targets import TargetSpec  # noqa: E402
from jaxpure.verify.worker import Task, WorkerPool  # noqa: E402

pytestmark = pytest.mark.verify

ROOT = Path(__file__).resolve().parent.parent
MISC = Path("fixtures") / "verify" / "misc"
BAD_RELU = "fixtures/verify/jxp401_traced_bool/bad.py::relu"
TRACES = VerifyOptions(checks=("traces",))


def test_a_leaking_target_does_not_change_the_next_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # targets are relative to the repository root
    leaks = [f"{MISC}/leaks_disable_jit.py::harmless", f"{MISC}/leaks_jit_patch.py::harmless",
             f"{MISC}/leaks_chdir.py::wanders"]
    specs = [spec for leak in leaks for spec in (leak, BAD_RELU)]
    tasks = [Task(TargetSpec.parse(spec), TRACES) for spec in specs]
    with WorkerPool(jobs=1, devices=2, timeout=120) as pool:
        reports = pool.run(tasks)
    for leak, after in zip(reports[::2], reports[1::2]):
        assert leak.meta.get("leaked"), leak  # seen, and the worker was replaced
        assert "JXP401" in after.codes, (leak.target, after)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_timeout_that_is_not_a_positive_number_is_one_line(value: str) -> None:
    done = subprocess.run([sys.executable, "-m", "jaxpure", "verify", "--timeout", value, BAD_RELU],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"jaxpure verify: error: --timeout must be a positive number of seconds, not {float(value):g}"]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its reaper is dead for our purposes
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_killing_the_parent_leaves_no_process_behind(tmp_path: Path, how: signal.Signals) -> None:
    pids_file = tmp_path / "pids"
    env = dict(os.environ, JAXPURE_TEST_PIDS=str(pids_file))
    parent = subprocess.Popen([sys.executable, "-m", "jaxpure", "verify", "--checks", "traces",
                               f"{MISC}/forks_and_loops.py::forks_and_loops"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not (pids_file.exists() and pids_file.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert pids_file.exists(), "the target never started"
    worker, child = (int(pid) for pid in pids_file.read_text().split())
    parent.send_signal(how)
    assert parent.stdout is not None
    parent.stdout.read()  # the caller's pipe closes: nothing keeps it open
    parent.wait(30)
    deadline = time.monotonic() + 15
    while (_alive(worker) or _alive(child)) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(worker) and not _alive(child)
