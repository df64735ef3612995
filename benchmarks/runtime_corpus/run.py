"""Run every harness (runtime truth) and jaxpure, and compare."""
import concurrent.futures as cf
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(ROOT, "cases")
HARN = os.path.join(ROOT, "harness")
PY = sys.executable
JXP = [sys.executable, "-m", "jaxpure"]
ENV = dict(os.environ, XLA_FLAGS="--xla_force_host_platform_device_count=4", JAX_PLATFORMS="cpu",
           PYTHONPATH=HARN, PYTHONDONTWRITEBYTECODE="1")


def expectations(path):
    exp = []
    for i, line in enumerate(open(path), 1):
        m = re.search(r"# expect: (JXP\d+|none)", line)
        if m and m.group(1) != "none":
            exp.append((m.group(1), i))
    return exp


def run_harness(name):
    t = time.time()
    p = subprocess.run([PY, os.path.join(HARN, name + ".py")], cwd=HARN, env=ENV,
                       capture_output=True, text=True, timeout=300)
    out = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if not out:
        return name, {"runtime": "ERROR", "detail": p.stderr[-400:]}, time.time() - t
    return name, json.loads(out[-1]), time.time() - t


def main():
    names = sorted(f[:-3] for f in os.listdir(CASES) if f.endswith(".py"))
    if len(sys.argv) > 1:
        names = [n for n in names if any(a in n for a in sys.argv[1:])]
    rt = {}
    with cf.ThreadPoolExecutor(4) as ex:
        for name, res, dt in ex.map(run_harness, names):
            rt[name] = res
    jp = subprocess.run([*JXP, "check", "--no-cache", "--isolated", "--output-format", "json", "--exit-zero", "-q"]
                        + [os.path.join(CASES, n + ".py") for n in names], capture_output=True, text=True)
    findings = json.loads(jp.stdout or "[]")
    by_file = {}
    for f in findings:
        n = os.path.basename(f["filename"])[:-3]
        by_file.setdefault(n, []).append((f["code"], f["location"]["row"], f["message"]))
    results = []
    for n in names:
        exp = expectations(os.path.join(CASES, n + ".py"))
        results.append({"case": n, "expect": exp, "runtime": rt[n]["runtime"], "detail": rt[n]["detail"],
                        "jaxpure": sorted(by_file.get(n, []))})
    json.dump(results, open(os.path.join(ROOT, "results.json"), "w"), indent=1)
    for r in results:
        e = ",".join(f"{c}@{l}" for c, l in r["expect"]) or "none"
        j = ",".join(f"{c}@{l}" for c, l, _ in r["jaxpure"]) or "none"
        flag = ""
        want_bug = bool(r["expect"])
        if (r["runtime"] == "bug") != want_bug:
            flag = "  !!RUNTIME-MISMATCH"
        print(f"{r['case']:42s} expect={e:14s} runtime={r['runtime']:6s} jaxpure={j}{flag}  | {r['detail'][:90]}")


if __name__ == "__main__":
    main()
