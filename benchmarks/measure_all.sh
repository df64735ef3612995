#!/usr/bin/env bash
# Every benchmark figure of docs/precision.md and benchmarks/realworld/README.md in one run:
# the survey sets (all-commits.txt: twenty sets, 195 repositories), the real-world set and the two held-out sets, with
# this checkout's jaxpure. Writes into OUT_DIR:
#   survey.txt          survey.py's tables, the summary per set, tests and examples by default,
#                       and every library finding not judged real (--sets, --non-real)
#   survey/             a hard-linked copy of the survey trees with the raw JSON in _results/
#   realworld.txt/.json, heldout.txt/.json, heldout2.txt/.json   score.py's output and summary
#   *-raw/              score.py's raw findings per tree
# Rerunning into the same OUT_DIR reuses the raw findings there (delete it for a fresh run);
# run.txt gathers each run's code and times.
#
# Usage: benchmarks/measure_all.sh OUT_DIR
# Environment: PYTHON (default: the venv of the main checkout), JAXPURE (default: beside
# PYTHON), SURVEY_TREES (/work/survey-trees/all), REALWORLD_TREES (/work/realworld-trees),
# HELDOUT2_TREES (/work/heldout2-trees), CODE (the checkout whose jaxpure/ is measured:
# default this one). The trees come from:
#   python benchmarks/surveys/extract.py /work/.mirror /work/survey-trees/all --commits benchmarks/surveys/all-commits.txt
#   python benchmarks/realworld/rebuild.py [--bugs ...heldout.json | --bugs ...heldout2.json --trees /work/heldout2-trees]
set -euo pipefail

if [ $# -ne 1 ]; then
    echo "usage: $0 OUT_DIR" >&2
    exit 2
fi
OUT=$(mkdir -p "$1" && cd "$1" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# a worktree has no venv of its own: use the main checkout's
MAIN=$(cd "$(git -C "$ROOT" rev-parse --git-common-dir)/.." && pwd)
PYTHON=${PYTHON:-$([ -x "$ROOT/.venv/bin/python" ] && echo "$ROOT/.venv/bin/python" || echo "$MAIN/.venv/bin/python")}
JAXPURE=${JAXPURE:-$(dirname "$PYTHON")/jaxpure}
SURVEY_TREES=${SURVEY_TREES:-/work/survey-trees/all}
REALWORLD_TREES=${REALWORLD_TREES:-/work/realworld-trees}
HELDOUT2_TREES=${HELDOUT2_TREES:-/work/heldout2-trees}
CODE=$(cd "${CODE:-$ROOT}" && pwd)
# jaxpure's worker processes import this checkout's code, not the editable install's
export PYTHONPATH="$CODE${PYTHONPATH:+:$PYTHONPATH}"
cd "$ROOT"

{
    echo "scripts: $ROOT at $(git rev-parse --short HEAD)"
    echo "code measured: $CODE at $(git -C "$CODE" rev-parse --short HEAD)$(git -C "$CODE" diff --quiet HEAD -- jaxpure || echo ' (jaxpure/ modified)')"
    echo "jaxpure: $JAXPURE; python: $PYTHON; PYTHONPATH=$PYTHONPATH"
    echo "started: $(date -u +%FT%TZ)$([ -d "$OUT/survey/_results" ] && echo ' (reusing the raw findings in OUT)')"
} >> "$OUT/run.txt"

# the survey writes its configuration into each tree's root and its JSON beside the trees:
# a copy of its own, hard-linked (survey.py replaces files, never rewrites them)
if [ ! -d "$OUT/survey" ]; then
    mkdir -p "$OUT/survey"
    for tree in "$SURVEY_TREES"/*/; do
        name=$(basename "$tree")
        [ "$name" = _results ] && continue
        cp -al "$tree" "$OUT/survey/$name" 2>/dev/null || cp -a "$tree" "$OUT/survey/$name"
    done
    cp "$SURVEY_TREES/commits.txt" "$OUT/survey/commits.txt"
fi
reuse=()
[ -d "$OUT/survey/_results" ] && reuse=(--reuse)
nice "$PYTHON" benchmarks/surveys/survey.py "$OUT/survey" --jaxpure "$JAXPURE" "${reuse[@]}" \
    --sets benchmarks/surveys/all-commits.txt --non-real > "$OUT/survey.txt"
echo "survey done: $(date -u +%FT%TZ)" >> "$OUT/run.txt"

score() {  # NAME BUGS TREES
    nice "$PYTHON" benchmarks/realworld/score.py --bugs "$2" --trees "$3" --jaxpure "$JAXPURE" \
        --reuse "$OUT/$1-raw" --json "$OUT/$1.json" > "$OUT/$1.txt"
    echo "$1 done: $(date -u +%FT%TZ)" >> "$OUT/run.txt"
}
score realworld benchmarks/realworld/bugs.json "$REALWORLD_TREES"
score heldout benchmarks/realworld/heldout.json "$REALWORLD_TREES"
score heldout2 benchmarks/realworld/heldout2.json "$HELDOUT2_TREES"

{
    echo "== survey (library, tests and examples by default)"
    sed -n '/^## Summary per set/,/^## /p' "$OUT/survey.txt" | grep '^| all'
    grep '^tests and examples by default' "$OUT/survey.txt"
    for name in realworld heldout heldout2; do
        echo "== $name"
        head -3 "$OUT/$name.txt"
    done
} | tee "$OUT/figures.txt"
