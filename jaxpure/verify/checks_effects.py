"""The runtime checks of trace-time side effects and tracer leaks (JXP102, JXP103, JXP104,
JXP601) and of PRNG key reuse (JXP301, JXP302); checks.py runs them with the others."""

from __future__ import annotations

import collections
import functools
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jax
import numpy as np

from jaxpure.verify import results as R
from jaxpure.verify.errors import is_loop_reuse, summarize
from jaxpure.verify.run_context import Outcome, RunContext, ready
from jaxpure.verify.sandbox import StateChange, capture_output
from jaxpure.verify.sourceinfo import line_in_loop
from jaxpure.verify.trees import (
    compare,
    find_tracers,
    first,
    is_raw_key,
    is_typed_key,
    snapshot,
    describe_change,
    wrap_raw_keys,
)

# ---------------------------------------------------------------------------------------------
# 4. trace-time side effects (JXP102, JXP103, JXP104) and tracer leaks (JXP601)


def check_side_effects(ctx: RunContext) -> None:
    if not ctx.outcomes.get("jit", Outcome(skipped="")).ok:
        ctx.add(R.SIDE_EFFECTS, "jit", R.SKIPPED, "jit does not trace and run (see traces)")
        return
    repeats = ctx.options.repeats
    eager = _repeated(ctx, repeats, jitted=False)
    jitted = _repeated(ctx, repeats, jitted=True)
    error = eager.error or jitted.error
    if error:
        failing = "eagerly" if eager.error else "under jit"
        ctx.add(R.SIDE_EFFECTS, "jit", R.SKIPPED, f"repeated calls fail {failing}: {summarize(error)}")
        return
    findings = list(_leak_findings(ctx, jitted))
    leaked = {name for name, *_ in findings}
    findings += _state_findings(eager, jitted, repeats, leaked)
    findings += _output_channel_findings(eager, jitted, repeats)
    if not any(code in ("JXP102", "JXP103", "JXP104") for _, code, _, _ in findings):
        findings += _frozen_output_findings(ctx, eager, jitted)
    if ctx.options.leak_check and not leaked:
        findings += _checking_leaks(ctx)
    for _, code, detail, location in findings:
        ctx.add(R.SIDE_EFFECTS, "jit", R.FAIL, detail, code, location or ctx.definition)
    if not findings:
        ctx.add(R.SIDE_EFFECTS, "jit", R.PASS,
                f"{repeats} jitted and {repeats} eager calls: same outputs, prints, logs and module state")


class _Runs:
    """The observations from repeated calls in one mode."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.error: BaseException | None = None
        self.prints = 0
        self.print_sites: collections.Counter[tuple[str, int]] = collections.Counter()
        self.records: collections.Counter[tuple[str, int]] = collections.Counter()
        self.changes: dict[str, StateChange] = {}
        self.python_random: Any = None
        self.numpy_random: Any = None
        self.tracers: list[tuple[str, str]] = []  # (where, path)


def _repeated(ctx: RunContext, repeats: int, jitted: bool) -> _Runs:
    runs = _Runs()
    template = ctx.subject.call(0)
    function = ctx.subject.jit() if jitted else ctx.subject.run
    calls = [template] + [ctx.subject.reuse_static(template, ctx.subject.call(0)) for _ in range(repeats - 1)]
    with ctx.state.sandbox():
        with capture_output() as captured:
            try:
                for call in calls:
                    if jitted:
                        runs.values.append(ready(function(*call.args, **call.kwargs)))
                    else:
                        with jax.disable_jit():
                            runs.values.append(ready(function(*call.args, **call.kwargs)))
                jax.effects_barrier()  # jax.debug.print/callback output belongs to its call
            except Exception as error:  # noqa: BLE001
                runs.error = error
        runs.prints = captured.prints
        runs.print_sites = collections.Counter(captured.print_sites)
        runs.records = collections.Counter((r.pathname, r.lineno) for r in captured.records)
        runs.changes = {change.name: change for change in ctx.state.changes()}
        runs.python_random = random.getstate()
        runs.numpy_random = np.random.get_state()
        if jitted:
            for item in ctx.state.watched:
                runs.tracers += [(f"{item.kind} `{item.name}`", path)
                                 for path in first(find_tracers(item.read(), ""))]
            names = ctx.subject.parameter_names(len(template.args))
            for name, value in [*zip(names, template.args), *template.kwargs.items()]:
                runs.tracers += [(f"argument `{name}`", path) for path in first(find_tracers(value, ""))]
    return runs


def _leak_findings(ctx: RunContext, jitted: _Runs) -> Iterator[tuple[str, str, str, Any]]:
    for where, path in jitted.tracers:
        name = where.split("`")[1] if "`" in where else where
        yield (name, "JXP601",
               f"a tracer was left in {where}{path} by the jitted call: it outlives its trace "
               "(UnexpectedTracerError when used); return the value instead", None)


def _state_findings(eager: _Runs, jitted: _Runs, repeats: int, leaked: set[str]) -> list[tuple[str, str, str, Any]]:
    found = []
    for name in sorted(set(eager.changes) | set(jitted.changes)):
        if name in leaked:
            continue  # a traced value stored outside is JXP601, reported above
        change_e, change_j = eager.changes.get(name), jitted.changes.get(name)
        after_e = change_e.after if change_e else None
        after_j = change_j.after if change_j else None
        if after_e == after_j:
            continue  # the same effect in both modes: nothing trace-specific to confirm
        change = change_e or change_j
        assert change is not None
        what = {"global": "module global", "closure": "nonlocal", "self": "bound instance"}[change.item.kind]
        before = change.item.before
        eager_text = _after_text(before, after_e)
        jit_text = _after_text(before, after_j)
        if change.how in ("rebound", "created"):
            found.append((name, "JXP102",
                          f"{what} `{name}` is rebound by the function: {eager_text} after {repeats} eager "
                          f"calls but {jit_text} after {repeats} jitted calls (the write runs once per "
                          "trace); return the new value instead", None))
        else:
            found.append((name, "JXP103",
                          f"{what} `{name}` is mutated in place: {eager_text} after {repeats} eager calls "
                          f"but {jit_text} after {repeats} jitted calls (the mutation runs once per trace)",
                          None))
    return found


def _after_text(before: Any, after: Any) -> str:
    if after is None:
        return "unchanged"
    changes = describe_change(before, after)
    if not changes:
        return "unchanged"
    text = changes[0]
    return text.split(": ", 1)[-1] if text.startswith("value: ") else text


def _output_channel_findings(eager: _Runs, jitted: _Runs, repeats: int) -> list[tuple[str, str, str, Any]]:
    from jaxpure.verify.errors import display_path

    found: list[tuple[str, str, str, R.SourceLocation | None]] = []
    sites = [site for site in sorted(set(eager.print_sites) | set(jitted.print_sites))
             if eager.print_sites[site] != jitted.print_sites[site]]
    for filename, line in sites:
        found.append(("<stdout>", "JXP104",
                      f"print runs {eager.print_sites[(filename, line)]} time(s) in {repeats} eager calls but "
                      f"{jitted.print_sites[(filename, line)]} in {repeats} jitted calls: it runs at trace "
                      "time; use jax.debug.print", R.SourceLocation(display_path(filename), line)))
    if not sites and eager.prints != jitted.prints:
        found.append(("<stdout>", "JXP104",
                      f"prints {eager.prints} line(s) in {repeats} eager calls but {jitted.prints} in "
                      f"{repeats} jitted calls: print runs at trace time; use jax.debug.print", None))
    for where in sorted(set(eager.records) | set(jitted.records)):
        if eager.records[where] != jitted.records[where]:
            filename, line = where
            found.append(("<logging>", "JXP104",
                          f"logs {eager.records[where]} record(s) in {repeats} eager calls but "
                          f"{jitted.records[where]} in {repeats} jitted calls: logging runs at trace time; "
                          "use jax.debug.callback", R.SourceLocation(display_path(filename), line)))
    if not _same_state(eager.python_random, jitted.python_random):
        found.append(("<random>", "JXP104",
                      "Python's `random` state advances differently under jit: random numbers are drawn "
                      "once at trace time and frozen; pass a jax.random key instead", None))
    if not _same_state(eager.numpy_random, jitted.numpy_random):
        found.append(("<np.random>", "JXP104",
                      "NumPy's global RNG advances differently under jit: random numbers are drawn once "
                      "at trace time and frozen; pass a jax.random key instead", None))
    return found


def _same_state(a: Any, b: Any) -> bool:
    return snapshot(a) == snapshot(b)


def _frozen_output_findings(ctx: RunContext, eager: _Runs, jitted: _Runs) -> list[tuple[str, str, str, Any]]:
    eager_varies = any(compare(eager.values[0], v, ctx.tolerance) for v in eager.values[1:])
    jit_varies = any(compare(jitted.values[0], v, ctx.tolerance) for v in jitted.values[1:])
    if eager_varies and not jit_varies:
        return [("<outputs>", "JXP104",
                 "identical eager calls give different outputs but jitted calls repeat the first one: "
                 "something (time, randomness, a counter) is read at trace time and frozen", None)]
    return []


def _checking_leaks(ctx: RunContext) -> list[tuple[str, str, str, Any]]:
    with ctx.state.sandbox():
        try:
            with jax.checking_leaks():
                ready(ctx.subject.jit()(*ctx.subject.call(0).args, **ctx.subject.call(0).kwargs))
        except Exception as error:  # noqa: BLE001
            if "Leaked trace" in str(error) or type(error).__name__ == "UnexpectedTracerError":
                found = ctx.classify(error)
                return [("<leak>", "JXP601", f"jax.checking_leaks: {found.summary}", found.location)]
    return []


# ---------------------------------------------------------------------------------------------
# 5. key reuse (JXP301, JXP302)


KEY_GLOBAL_NAMES = ("key", "rng", "prng", "seed")


@contextmanager
def _typed_legacy_keys() -> Iterator[collections.Counter[str]]:
    """While active, ``jax.random.PRNGKey`` returns typed keys (visible to the reuse checker),
    and key creation is counted."""
    created: collections.Counter[str] = collections.Counter()
    original_prngkey = jax.random.PRNGKey
    original_key = jax.random.key

    @functools.wraps(original_prngkey)
    def prngkey(*args: Any, **kwargs: Any) -> Any:
        created["PRNGKey"] += 1
        return jax.random.wrap_key_data(original_prngkey(*args, **kwargs))

    @functools.wraps(original_key)
    def key(*args: Any, **kwargs: Any) -> Any:
        created["key"] += 1
        return original_key(*args, **kwargs)

    jax.random.PRNGKey, jax.random.key = prngkey, key
    try:
        yield created
    finally:
        jax.random.PRNGKey, jax.random.key = original_prngkey, original_key


def check_key_reuse(ctx: RunContext) -> None:
    call = ctx.subject.call(0)
    runs: dict[str, Outcome] = {}
    wrapped_globals = wrapped = 0
    with ctx.state.sandbox(), _typed_legacy_keys() as created, jax.debug_key_reuse(True):
        wrapped_globals = _wrap_key_globals(ctx)
        for transform in ("jit", "eager"):
            fresh = ctx.subject.call(0)
            (args, kwargs), count = wrap_raw_keys((fresh.args, fresh.kwargs))
            wrapped = max(wrapped, count)
            function = ctx.subject.jit() if transform == "jit" else ctx.subject.run
            try:
                runs[transform] = Outcome(ready(function(*args, **kwargs)))
            except Exception as error:  # noqa: BLE001
                runs[transform] = Outcome(error=error)
            ctx.state.reset()
            wrapped_globals = _wrap_key_globals(ctx) or wrapped_globals
    has_keys = (wrapped or wrapped_globals or sum(created.values())
                or any(is_typed_key(leaf) for leaf in jax.tree.leaves((call.args, call.kwargs))))
    reuse = {t: o.error for t, o in runs.items()
             if o.error is not None and type(o.error).__name__ == "KeyReuseError"}
    if reuse:
        eager_error = reuse.get("eager")
        location = ctx.classify(eager_error).location if eager_error else None
        in_loop = any(is_loop_reuse(reused) for reused in reuse.values()) or (
            location is not None and _location_in_loop(ctx, location))
        code = "JXP302" if in_loop else "JXP301"
        for transform, reused in reuse.items():
            found = ctx.classify(reused)
            where = found.location or location
            note = " (across loop iterations)" if in_loop else ""
            ctx.add(R.KEY_REUSE, transform, R.FAIL, f"{found.summary}{note}", code, where)
        return
    if not has_keys:
        ctx.add(R.KEY_REUSE, "-", R.SKIPPED, "no PRNG key in the arguments or module state, and none created")
        return
    for transform, outcome in runs.items():
        if outcome.error is None:  # these runs are never skipped: no error is ok
            ctx.add(R.KEY_REUSE, transform, R.PASS, "no key consumed twice (jax_debug_key_reuse on)")
        elif ctx.outcomes.get(transform, ctx.outcomes["eager"]).ok:
            ctx.add(R.KEY_REUSE, transform, R.SKIPPED,
                    f"the function does not run with typed keys ({summarize(outcome.error)})")
        else:
            ctx.add(R.KEY_REUSE, transform, R.SKIPPED, "does not run without the key check either (see traces)")


def _wrap_key_globals(ctx: RunContext) -> int:
    """Raw keys in module globals or closure cells named like keys become typed keys."""
    count = 0
    for item in ctx.state.watched:
        value = item.read()
        if item.kind == "self":
            count += _wrap_key_attributes(value)  # a key a test's setUp stored on self
            continue
        if is_raw_key(value) and any(part in item.name.lower() for part in KEY_GLOBAL_NAMES):
            item.write(jax.random.wrap_key_data(value))
            count += 1
        elif is_typed_key(value):
            count += 1
    return count


def _wrap_key_attributes(owner: Any) -> int:
    """Raw keys in attributes named like keys of a bound instance become typed keys (the
    sandbox restores the instance afterwards)."""
    attributes = getattr(owner, "__dict__", None)
    if not isinstance(attributes, dict):
        return 0
    count = 0
    for name, value in list(attributes.items()):
        if is_raw_key(value) and any(part in name.lower() for part in KEY_GLOBAL_NAMES):
            attributes[name] = jax.random.wrap_key_data(value)
            count += 1
        elif is_typed_key(value):
            count += 1
    return count


def _location_in_loop(ctx: RunContext, location: R.SourceLocation) -> bool:
    import os

    for filename in ctx.subject.files:
        if os.path.realpath(filename) == os.path.realpath(location.filename):
            return line_in_loop(filename, location.line)
    return line_in_loop(location.filename, location.line)
