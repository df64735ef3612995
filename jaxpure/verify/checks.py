"""The runtime checks. Each records one result per transform it looks at (pass, fail with the
rule code it confirms, skipped with the reason)."""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from jaxpure.verify import results as R
from jaxpure.verify.errors import summarize
from jaxpure.verify.checks_effects import check_key_reuse, check_side_effects
from jaxpure.verify.run_context import BATCHED, Outcome, RunContext, ready
from jaxpure.verify.sandbox import referenced_names
from jaxpure.verify.sourceinfo import changeable_closure_names, changeable_module_names
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
