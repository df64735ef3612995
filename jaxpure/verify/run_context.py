"""What the checks of one subject share while they run (``RunContext``): the options, the
module state, the outcome of each transform, and the runs themselves (eager, jit and the
batched transforms). Everything here runs in the process that owns the user's code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxpure.verify.errors import Classified, classify, display_path
from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import CheckResult, SourceLocation
from jaxpure.verify.sandbox import ModuleState
from jaxpure.verify.subject import Call, Subject
from jaxpure.verify.trees import NotBatchable, Tolerance, stack

BATCHED = ("vmap", "pmap", "shard_map")


@dataclass
class Outcome:
    """What one run produced: a value, or the exception it raised (or why it did not run)."""

    value: Any = None
    error: BaseException | None = None
    skipped: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.skipped is None


def ready(value: Any) -> Any:
    """Wait for asynchronous results, so that runtime errors surface inside the run."""
    return jax.block_until_ready(value)


class RunContext:
    """Shared by the checks of one subject: options, module state, outcomes of the transforms."""

    def __init__(self, subject: Subject, options: VerifyOptions, reference: Subject | None = None) -> None:
        self.subject = subject
        self.options = options
        self.reference = reference
        self.tolerance = Tolerance(options.rtol, options.atol)
        self.state = ModuleState(subject.fn)
        self.reference_state = ModuleState(reference.fn) if reference is not None else self.state
        self.outcomes: dict[str, Outcome] = {}
        self.results: list[CheckResult] = []
        self.devices = min(options.devices, jax.local_device_count())
        self.device_note = ""

    # -- recording -----------------------------------------------------------------------------

    def add(self, check: str, transform: str, status: str, detail: str = "", code: str | None = None,
            location: SourceLocation | None = None) -> None:
        self.results.append(CheckResult(check, transform, status, detail, code, location))

    def classify(self, error: BaseException) -> Classified:
        return classify(error, self.subject.files)

    @property
    def definition(self) -> SourceLocation | None:
        code = getattr(self.subject.fn, "__code__", None)
        if code is None:
            return None
        return SourceLocation(display_path(code.co_filename), code.co_firstlineno, self.subject.fn.__name__)

    # -- runs ----------------------------------------------------------------------------------

    def eager(self, call: Call, subject: Subject | None = None) -> Outcome:
        """The reference: the Python function with every jit disabled (lax loops run in Python)."""
        subject = subject or self.subject
        state = self.state if subject is self.subject else self.reference_state
        with state.sandbox():
            try:
                with jax.disable_jit():
                    return Outcome(ready(subject.run(*call.args, **call.kwargs)))
            except Exception as error:  # noqa: BLE001 - user code may raise anything
                return Outcome(error=error)

    def jitted(self, call: Call) -> Outcome:
        with self.state.sandbox():
            try:
                return Outcome(ready(self.subject.jit()(*call.args, **call.kwargs)))
            except Exception as error:  # noqa: BLE001
                return Outcome(error=error)

    def batch_calls(self, transform: str) -> list[Call] | str:
        """The calls stacked into one batch for a transform, or why there are none."""
        if transform == "vmap":
            return self.subject.calls(max(2, self.options.batch))
        if self.devices < 2:
            return (f"only {jax.local_device_count()} device: {transform} needs several; set XLA_FLAGS="
                    f"--xla_force_host_platform_device_count={self.options.devices} before jax is imported "
                    "(the CLI's workers do)")
        return self.subject.calls(self.devices)

    def batched(self, transform: str, calls: list[Call], subject: Subject | None = None) -> Outcome:
        subject = subject or self.subject
        state = self.state if subject is self.subject else self.reference_state
        try:
            function, arguments = self._batched_form(transform, calls, subject)
        except NotBatchable as reason:
            return Outcome(skipped=str(reason))
        with state.sandbox():
            try:
                return Outcome(ready(function(*arguments)))
            except Exception as error:  # noqa: BLE001
                return Outcome(error=error)

    def batched_reference(self, calls: list[Call], subject: Subject | None = None) -> Outcome:
        """Per-example eager results stacked (or, with an axis name, vmap with jit disabled)."""
        subject = subject or self.subject
        axis_name = self.subject.example.axis_name
        if axis_name is not None:
            state = self.state if subject is self.subject else self.reference_state
            try:
                function, arguments = self._batched_form("vmap", calls, subject)
            except NotBatchable as reason:
                return Outcome(skipped=str(reason))
            with state.sandbox():
                try:
                    with jax.disable_jit():
                        return Outcome(ready(function(*arguments)))
                except Exception as error:  # noqa: BLE001
                    return Outcome(error=error)
        outputs = []
        for call in calls:
            outcome = self.eager(call, subject)
            if not outcome.ok:
                return outcome
            outputs.append(outcome.value)
        try:
            return Outcome(stack(outputs))
        except NotBatchable as reason:
            return Outcome(skipped=f"the outputs cannot be stacked: {reason}")

    def _batched_form(self, transform: str, calls: list[Call],
                      subject: Subject) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        splits = [subject.split(call) for call in calls]
        core = splits[0][0]
        columns = list(zip(*(values for _, values in splits)))
        axes = self._in_axes(len(columns))
        labels = self._dynamic_names(calls[0], subject)
        labels += [""] * (len(columns) - len(labels))
        arguments = []
        for axis, column, label in zip(axes, columns, labels):
            if axis is None:
                arguments.append(column[0])
            elif axis == 0:
                arguments.append(stack(list(column), label))
            else:
                raise NotBatchable(f"in_axes entry {axis!r} is not supported (use 0 or None)")
        axis_name = self.subject.example.axis_name
        if transform == "vmap":
            return jax.vmap(core, in_axes=tuple(axes), axis_name=axis_name), tuple(arguments)
        if transform == "pmap":
            return jax.pmap(core, in_axes=tuple(axes), axis_name=axis_name or "i"), tuple(arguments)
        return self._shard_map(core, axes, axis_name or "i"), tuple(arguments)

    @staticmethod
    def _dynamic_names(call: Call, subject: Subject) -> list[str]:
        """The names of the dynamic arguments, in the order ``Subject.split`` gives them."""
        static = subject.static_names(call)
        names = [n for n in subject.parameter_names(len(call.args)) if n not in static]
        return names + [k for k in call.kwargs if k not in static]

    def _in_axes(self, count: int) -> list[int | None]:
        axes = self.subject.example.in_axes
        if isinstance(axes, (list, tuple)):
            if len(axes) != count:
                raise NotBatchable(f"in_axes has {len(axes)} entries for {count} dynamic arguments")
            return list(axes)
        return [axes] * count

    def _shard_map(self, core: Callable[..., Any], axes: list[int | None], axis: str) -> Callable[..., Any]:
        from jax.sharding import Mesh, PartitionSpec

        mesh = Mesh(np.array(jax.devices()[: self.devices]), (axis,))

        def per_shard(*blocks: Any) -> Any:
            # each device holds a block of one example: drop the block axis, run, put it back
            unblocked = [block if a is None else jax.tree.map(lambda leaf: leaf[0], block)
                         for a, block in zip(axes, blocks)]
            return jax.tree.map(lambda leaf: jnp.expand_dims(leaf, 0), core(*unblocked))

        in_specs = tuple(PartitionSpec() if a is None else PartitionSpec(axis) for a in axes)
        # check_vma=False: with it, a carry initialised from a constant and updated from sharded
        # data differs in "varying axes" type, which pmap accepts: not the code's fault.
        return jax.jit(jax.shard_map(per_shard, mesh=mesh, in_specs=in_specs, out_specs=PartitionSpec(axis),
                                     check_vma=False))
