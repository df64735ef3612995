"""The runtime checks. Each records one result per transform it looks at (pass, fail with the
rule code it confirms, skipped with the reason)."""

from __future__ import annotations

import collections
import functools
import random
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import jax
import numpy as np

from jaxpure.verify import results as R
from jaxpure.verify.errors import is_loop_reuse, summarize
from jaxpure.verify.run_context import BATCHED, Outcome, RunContext, ready
from jaxpure.verify.sandbox import StateChange, capture_output, referenced_names
from jaxpure.verify.sourceinfo import changeable_closure_names, changeable_module_names, line_in_loop
from jaxpure.verify.subject import Call
from jaxpure.verify.trees import (
    compare,
    find_tracers,
    first,
    is_raw_key,
    is_typed_key,
    signature_changes,
    snapshot,
    describe_change,
    wrap_raw_keys,
)

NEEDS_EAGER = "the function fails eagerly with these arguments (see traces/eager)"


def run_all(ctx: RunContext) -> None:
    wanted = set(ctx.options.checks)
    check_traces(ctx)  # always: the other checks compare against its outcomes
    table: list[tuple[str, Callable[[RunContext], None]]] = [
        (R.JIT_AGREES, check_jit_agrees),
        (R.STALE_GLOBALS, check_stale_globals),
        (R.SIDE_EFFECTS, check_side_effects),
        (R.KEY_REUSE, check_key_reuse),
        (R.RETRACING, check_retracing),
        (R.ARG_MUTATION, check_arg_mutation),
        (R.VMAP_AGREES, check_vmap_agrees),
        (R.PMAP_AGREES, check_pmap_agrees),
    ]
    eager_ok = ctx.outcomes["eager"].ok
    for name, check in table:
        if name not in wanted:
            continue
        if not eager_ok:
            ctx.add(name, "-", R.SKIPPED, NEEDS_EAGER)
            continue
        try:
            check(ctx)
        except Exception as error:  # noqa: BLE001 - a verifier bug must not hide the other checks
            ctx.add(name, "-", R.ERROR, f"the check itself failed ({summarize(error)}); please report it")
    if ctx.reference is not None:
        check_fix_agrees(ctx)


# ---------------------------------------------------------------------------------------------
# 1. traces


def check_traces(ctx: RunContext) -> None:
    """Eager and jit always run (other checks build on them); the batched transforms when the
    traces check, an agreement check or a fix comparison wants them."""
    eager = ctx.outcomes["eager"] = ctx.eager(ctx.subject.call(0))
    record_outcome(ctx, "eager", eager, eager=None)
    ctx.outcomes["jit"] = ctx.jitted(ctx.subject.call(0))
    record_outcome(ctx, "jit", ctx.outcomes["jit"], eager)
    if not _needs_batched(ctx):
        return
    for transform in BATCHED:
        if transform == "shard_map" and not (ctx.options.shard_map and hasattr(jax, "shard_map")):
            continue
        if transform not in ctx.options.transforms:
            outcome = Outcome(skipped=f"not run: nothing in the code applies {transform} to it")
        else:
            calls = ctx.batch_calls(transform)
            outcome = Outcome(skipped=calls) if isinstance(calls, str) else ctx.batched(transform, calls)
        ctx.outcomes[transform] = outcome
        record_outcome(ctx, transform, outcome, eager)


def _needs_batched(ctx: RunContext) -> bool:
    wanted = {R.TRACES, R.VMAP_AGREES, R.PMAP_AGREES} & set(ctx.options.checks)
    return bool(wanted) or ctx.reference is not None


def record_outcome(ctx: RunContext, transform: str, outcome: Outcome, eager: Outcome | None) -> None:
    if outcome.skipped is not None:
        ctx.add(R.TRACES, transform, R.SKIPPED, outcome.skipped)
        return
    if outcome.error is None:
        done = "runs" if transform == "eager" else "traces and runs"
        note = f" on {ctx.devices} devices" if transform in ("pmap", "shard_map") else ""
        ctx.add(R.TRACES, transform, R.PASS, done + note)
        return
    found = ctx.classify(outcome.error)
    if transform == "eager" and found.code is None:
        ctx.add(R.TRACES, transform, R.ERROR,
                f"fails eagerly, so nothing can be compared (check the example): {found.describe()}",
                None, found.location)
        return
    if found.code is None and eager is not None and eager.error is not None and summarize(eager.error) == found.summary:
        ctx.add(R.TRACES, transform, R.SKIPPED, "fails the same way eagerly (see eager)")
        return
    if found.code:
        detail = found.describe()
    else:
        eagerly = "" if eager is not None and eager.error is not None else " but not eagerly"
        detail = f"raises under {transform}{eagerly}: {found.describe()}"
    ctx.add(R.TRACES, transform, R.FAIL, detail, found.code, found.location)


# ---------------------------------------------------------------------------------------------
# 2. jit agrees with eager


def check_jit_agrees(ctx: RunContext) -> None:
    jitted = ctx.outcomes.get("jit")
    if jitted is None or not jitted.ok:
        ctx.add(R.JIT_AGREES, "jit", R.SKIPPED, "jit does not trace and run (see traces)")
        return
    problems = compare(ctx.outcomes["eager"].value, jitted.value, ctx.tolerance)
    if problems:
        ctx.add(R.JIT_AGREES, "jit", R.FAIL, "jit result differs from eager: " + "; ".join(problems[:3]))
    else:
        ctx.add(R.JIT_AGREES, "jit", R.PASS, "same structure, shapes, dtypes and values")


# ---------------------------------------------------------------------------------------------
# 3. stale globals (JXP101)


def check_stale_globals(ctx: RunContext) -> None:
    if not ctx.outcomes.get("jit", Outcome(skipped="")).ok:
        ctx.add(R.STALE_GLOBALS, "jit", R.SKIPPED, "jit does not trace and run (see traces)")
        return
    candidates = changeable_reads(ctx)
    if not candidates:
        ctx.add(R.STALE_GLOBALS, "jit", R.SKIPPED,
                "reads no module global or closure variable that can change after tracing")
        return
    jitted = ctx.subject.jit()
    stale: list[str] = []
    unchanged: list[str] = []
    with ctx.state.sandbox():
        template = ctx.subject.call(0)
        ready(jitted(*template.args, **template.kwargs))  # the first call traces with today's values
        for item, changed in candidates:
            item.write(changed)
            try:
                call = ctx.subject.call(0)
                with jax.disable_jit():
                    expected = ready(ctx.subject.run(*call.args, **call.kwargs))
                call = ctx.subject.reuse_static(template, ctx.subject.call(0))
                got = ready(jitted(*call.args, **call.kwargs))
            except Exception:  # noqa: BLE001 - the changed value does not suit the function: no claim
                continue
            finally:
                item.write(item.original)
            problems = compare(expected, got, ctx.tolerance)
            label = f"{item.kind} `{item.name}`"
            if problems:
                stale.append(f"{label} changed from {_short(item.original)} to {_short(changed)} after the "
                             f"first call, jit still used the old value ({problems[0]})")
            else:
                unchanged.append(label)
    if stale:
        ctx.add(R.STALE_GLOBALS, "jit", R.FAIL, "; ".join(stale), "JXP101", ctx.definition)
    else:
        names = ", ".join(unchanged) or "the values read"
        ctx.add(R.STALE_GLOBALS, "jit", R.PASS, f"changing {names} after the first call gives the same as eager")


def changeable_reads(ctx: RunContext) -> list[tuple[Any, Any]]:
    """(watched value, a different value of the same kind) for each global or closure variable
    the function reads that can change after tracing, in JXP101's sense: rebound or mutated
    somewhere in its module. Without source, containers count."""
    fn = ctx.subject.fn
    code = getattr(fn, "__code__", None)
    if code is None:
        return []  # a partial or a callable object: no globals of its own to change
    referenced = referenced_names(fn)
    in_module = changeable_module_names(code.co_filename)
    in_closure = changeable_closure_names(code.co_filename, code.co_firstlineno)
    found = []
    for item in ctx.state.watched:
        if item.kind == "global" and item.name not in referenced:
            continue
        known = in_module if item.kind == "global" else in_closure
        changeable = (known is not None and item.name in known) or (
            known is None and _is_container(item.original))
        if not changeable:
            continue
        changed = changed_value(item.original)
        if changed is not None:
            found.append((item, changed))
    return found


def _is_container(value: Any) -> bool:
    return isinstance(value, (list, dict, set, np.ndarray))


def changed_value(value: Any) -> Any:
    """A different value of the same kind: numbers scaled, arrays + 1, containers' leaves changed."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value * 2 + 1
    if isinstance(value, (float, complex)):
        return value * 2 + 1.0
    if is_typed_key(value):
        return jax.random.fold_in(value, 1)
    if is_raw_key(value):
        return jax.random.key_data(jax.random.fold_in(jax.random.wrap_key_data(value), 1))
    if isinstance(value, (jax.Array, np.ndarray)):
        if value.dtype == bool:
            return ~value
        return value + 1
    if isinstance(value, (list, tuple, dict)):
        leaves = jax.tree.leaves(value)
        if not leaves:
            return None
        changed = jax.tree.map(lambda leaf: _changed_leaf(leaf), value)
        return changed if jax.tree.leaves(changed) != leaves or any(
            c is not o for c, o in zip(jax.tree.leaves(changed), leaves)) else None
    return None


def _changed_leaf(leaf: Any) -> Any:
    new = changed_value(leaf)
    return leaf if new is None else new


def _short(value: Any) -> str:
    text = " ".join(repr(value).split())
    return text if len(text) <= 40 else text[:37] + "..."


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
        if is_raw_key(value) and any(part in item.name.lower() for part in KEY_GLOBAL_NAMES):
            item.write(jax.random.wrap_key_data(value))
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


# ---------------------------------------------------------------------------------------------
# 6. retracing (JXP501)


def check_retracing(ctx: RunContext) -> None:
    if not ctx.outcomes.get("jit", Outcome(skipped="")).ok:
        ctx.add(R.RETRACING, "jit", R.SKIPPED, "jit does not trace and run (see traces)")
        return
    if ctx.subject.thread is None:
        ctx.add(R.RETRACING, "jit", R.SKIPPED, "the example turns state threading off (thread=None)")
        return
    traces = [0]
    fn = ctx.subject.run

    @functools.wraps(fn)
    def counted(*args: Any, **kwargs: Any) -> Any:
        traces[0] += 1  # runs once per trace, never per cached call
        return fn(*args, **kwargs)

    jitted = ctx.subject.jit(counted)
    template = ctx.subject.call(0)
    inputs: list[Any] = []
    retraced_at: list[int] = []
    with ctx.state.sandbox():
        try:
            output = ready(jitted(*template.args, **template.kwargs))
        except Exception as error:  # noqa: BLE001
            ctx.add(R.RETRACING, "jit", R.SKIPPED, f"first step fails: {summarize(error)}")
            return
        link = _thread_link(ctx, template, output)
        if link is None:
            ctx.add(R.RETRACING, "jit", R.SKIPPED,
                    "no state to thread: the function does not return a container like one of its "
                    "arguments (set Example.thread to choose one)")
            return
        position, pick = link
        inputs.append(template.args[position])
        for step in range(2, ctx.options.repeats + 1):
            fresh = ctx.subject.reuse_static(template, ctx.subject.call(0))
            args = list(fresh.args)
            args[position] = output if pick is None else output[pick]
            inputs.append(args[position])
            before = traces[0]
            try:
                output = ready(jitted(*args, **fresh.kwargs))
            except Exception as error:  # noqa: BLE001
                ctx.add(R.RETRACING, "jit", R.FAIL,
                        f"step {step} fails when fed the state step {step - 1} returned: {summarize(error)}",
                        "JXP501", ctx.classify(error).location or ctx.definition)
                return
            if traces[0] > before:
                retraced_at.append(step)
    name = ctx.subject.parameter_names(len(template.args))[position]
    if retraced_at:
        step = retraced_at[0]
        changes = signature_changes(inputs[0], inputs[step - 1]) or ["its jit cache key changed"]
        ctx.add(R.RETRACING, "jit", R.FAIL,
                f"traced {traces[0]} times in {ctx.options.repeats} steps threading `{name}`: at step "
                f"{step} the state differs from step 1: {'; '.join(changes)}", "JXP501", ctx.definition)
    else:
        ctx.add(R.RETRACING, "jit", R.PASS,
                f"traced once in {ctx.options.repeats} steps threading the returned state into `{name}`")


def _thread_link(ctx: RunContext, call: Call, output: Any) -> tuple[int, int | None] | None:
    """Which positional argument the returned state goes back into, and where it is in the output
    (the whole output, or element 0 of a tuple like ``(state, metrics)``)."""
    static = ctx.subject.static_names(call)
    names = ctx.subject.parameter_names(len(call.args))
    wanted = ctx.subject.thread
    positions = [wanted] if isinstance(wanted, int) else [i for i in range(len(call.args)) if names[i] not in static]
    for position in positions:
        if position >= len(call.args):
            continue
        argument = call.args[position]
        if _same_container(argument, output):
            return position, None
        if isinstance(output, tuple) and output and _same_container(argument, output[0]):
            return position, 0
        if isinstance(wanted, int):  # the example named it: trust it
            return position, 0 if isinstance(output, tuple) and not isinstance(argument, tuple) else None
    return None


def _same_container(argument: Any, output: Any) -> bool:
    if type(argument) is not type(output):
        return False
    if isinstance(argument, dict):
        return bool(set(argument) & set(output))
    if isinstance(argument, (list, tuple)):
        return len(argument) > 0 and (hasattr(argument, "_fields") or len(argument) == len(output))
    if jax.tree_util.all_leaves([argument]):
        return False  # an array or scalar: not a state container
    return True  # dataclass, registered pytree node, ...


# ---------------------------------------------------------------------------------------------
# 7. argument mutation (JXP502)


def check_arg_mutation(ctx: RunContext) -> None:
    call = ctx.subject.call(0)
    names = ctx.subject.parameter_names(len(call.args))
    labelled = [*zip(names, call.args), *call.kwargs.items()]
    watched = [(name, value, snapshot(value)) for name, value in labelled if _can_mutate(value)]
    if not watched:
        ctx.add(R.ARG_MUTATION, "eager", R.PASS, "no argument that can be changed in place")
        return
    with ctx.state.sandbox():
        try:
            with jax.disable_jit():
                ready(ctx.subject.run(*call.args, **call.kwargs))
        except Exception as error:  # noqa: BLE001
            ctx.add(R.ARG_MUTATION, "eager", R.SKIPPED, f"the eager call fails: {summarize(error)}")
            return
    mutated = [(name, describe_change(before, snapshot(value), "")) for name, value, before in watched
               if snapshot(value) != before]
    if not mutated:
        ctx.add(R.ARG_MUTATION, "eager", R.PASS, "arguments unchanged after an eager call")
        return
    leaks = _argument_leaks(ctx)
    for name, changes in mutated:
        text = "; ".join(changes) or "contents changed"
        if name in leaks:
            ctx.add(R.ARG_MUTATION, "jit", R.FAIL,
                    f"a tracer is stored on argument `{name}` ({leaks[name]}) under jit: it outlives its "
                    "trace; return the value instead", "JXP601", ctx.definition)
        else:
            ctx.add(R.ARG_MUTATION, "eager", R.FAIL,
                    f"argument `{name}` is changed in place ({text}); return a new value instead "
                    "(under jit the caller's object silently stays unchanged)", "JXP502", ctx.definition)


def _can_mutate(value: Any) -> bool:
    if isinstance(value, (jax.Array, str, bytes, int, float, complex, bool, type(None), types.FunctionType)):
        return False
    return isinstance(value, (list, dict, set, np.ndarray, tuple)) or hasattr(value, "__dict__")


def _argument_leaks(ctx: RunContext) -> dict[str, str]:
    call = ctx.subject.call(0)
    names = ctx.subject.parameter_names(len(call.args))
    with ctx.state.sandbox():
        try:
            ready(ctx.subject.jit()(*call.args, **call.kwargs))
        except Exception:  # noqa: BLE001 - a failing jit run is reported by the traces check
            return {}
    leaks = {}
    for name, value in [*zip(names, call.args), *call.kwargs.items()]:
        paths = first(find_tracers(value, ""), 1)
        if paths:
            leaks[name] = paths[0] or "itself"
    return leaks


# ---------------------------------------------------------------------------------------------
# 8, 9. vmap and pmap agree with per-example eager results


def check_vmap_agrees(ctx: RunContext) -> None:
    _check_batched_agrees(ctx, R.VMAP_AGREES, ("vmap",))


def check_pmap_agrees(ctx: RunContext) -> None:
    _check_batched_agrees(ctx, R.PMAP_AGREES, ("pmap", "shard_map"))


def _check_batched_agrees(ctx: RunContext, check: str, transforms: tuple[str, ...],
                          reference_subject: Any = None) -> None:
    for transform in transforms:
        outcome = ctx.outcomes.get(transform)
        if outcome is None:
            continue
        if outcome.skipped is not None:
            ctx.add(check, transform, R.SKIPPED, outcome.skipped)
            continue
        if outcome.error is not None:
            ctx.add(check, transform, R.SKIPPED, f"{transform} does not trace and run (see traces)")
            continue
        calls = ctx.batch_calls(transform)
        assert not isinstance(calls, str)
        reference = ctx.batched_reference(calls, reference_subject)
        if not reference.ok:
            why = reference.skipped or summarize(reference.error)  # type: ignore[arg-type]
            ctx.add(check, transform, R.SKIPPED, f"no per-example reference: {why}")
            continue
        problems = compare(reference.value, outcome.value, ctx.tolerance)
        against = "the original's" if reference_subject is not None else "per-example"
        if problems:
            ctx.add(check, transform, R.FAIL,
                    f"{transform} over {len(calls)} examples differs from {against} eager results: "
                    + "; ".join(problems[:3]))
        else:
            ctx.add(check, transform, R.PASS,
                    f"{transform} over {len(calls)} examples equals {against} eager results stacked")


# ---------------------------------------------------------------------------------------------
# fix agrees with the original (verify_fix, --against)


def check_fix_agrees(ctx: RunContext) -> None:
    reference = ctx.reference
    assert reference is not None
    original = ctx.eager(reference.call(0), reference)
    if not original.ok:
        ctx.add(R.FIX_AGREES, "eager", R.SKIPPED,
                f"the original fails eagerly, so there is no reference: {summarize(original.error)}"
                if original.error else f"the original did not run: {original.skipped}")
        return
    for transform in ("eager", "jit"):
        outcome = ctx.outcomes.get(transform)
        if outcome is None or not outcome.ok:
            ctx.add(R.FIX_AGREES, transform, R.SKIPPED, f"the fixed version does not run under {transform}")
            continue
        problems = compare(original.value, outcome.value, ctx.tolerance)
        if problems:
            ctx.add(R.FIX_AGREES, transform, R.FAIL,
                    f"the fixed version under {transform} differs from the original run eagerly: "
                    + "; ".join(problems[:3]))
        else:
            ctx.add(R.FIX_AGREES, transform, R.PASS, "agrees with the original run eagerly")
    _check_batched_agrees(ctx, R.FIX_AGREES, BATCHED, reference)
