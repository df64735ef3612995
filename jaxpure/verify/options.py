"""Options of the verifier and the ``Example`` type used in examples files (pure Python)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from jaxpure.verify.results import CHECKS

Thread = int | Literal["auto"] | None

# The examples file looked for beside each target (see docs/verify.md).
EXAMPLES_FILE = "jaxpure_examples.py"


@dataclass(frozen=True)
class Example:
    """One set of arguments for a target, plus what the verifier cannot guess on its own.

    ``static_argnums``/``static_argnames`` add to those of the target's own ``jax.jit``
    wrapper (use them for a plain function that is jitted with static arguments elsewhere).
    ``thread`` names the argument that the retracing check feeds the returned state back into
    (``"auto"``: the first argument whose container type the function returns; ``None``: do not
    thread). ``in_axes`` is passed to ``jax.vmap``/``jax.pmap`` (default 0: batch every dynamic
    argument). ``axis_name`` names the mapped axis for functions that use collectives such as
    ``lax.psum``; their reference then runs under ``vmap`` with the same axis name.
    """

    args: tuple[Any, ...] = ()
    kwargs: Mapping[str, Any] = field(default_factory=dict)
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    thread: Thread = "auto"
    in_axes: Any = 0
    axis_name: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.args, tuple):
            object.__setattr__(self, "args", tuple(self.args))
        if isinstance(self.static_argnums, int):
            object.__setattr__(self, "static_argnums", (self.static_argnums,))
        if isinstance(self.static_argnames, str):
            object.__setattr__(self, "static_argnames", (self.static_argnames,))


@dataclass(frozen=True)
class VerifyOptions:
    """How the verifier runs. Passed to ``Verifier(options)``, never mixed with the target's
    own keyword arguments.

    ``checks``: the names of the checks to run (default all, see ``jaxpure.verify.results.CHECKS``).
    ``devices``: shards for the pmap/shard_map checks (the CLI's workers force that many CPU
    devices; in-process, pmap uses what the caller's jax has). ``batch``: examples stacked for the
    vmap check. ``repeats``: calls per mode in the side-effect and retracing checks.
    ``static_argnums``/``static_argnames``: for a target whose jit wrapper cannot be inspected.
    ``leak_check``: also run under ``jax.checking_leaks()`` (JAX warns it can give false positives).
    ``transforms``: which of vmap, pmap and shard_map to run (eager and jit always run).
    """

    checks: tuple[str, ...] = CHECKS
    devices: int = 4
    batch: int = 3
    repeats: int = 3
    # jit fuses and reorders float32 reductions: results differ from op-by-op eager ones in
    # the last digits
    rtol: float = 1e-4
    atol: float = 1e-5
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    shard_map: bool = True
    leak_check: bool = True
    # the batched transforms to run (``--findings`` keeps those the code applies to the target)
    transforms: tuple[str, ...] = ("vmap", "pmap", "shard_map")

    def __post_init__(self) -> None:
        unknown = sorted(set(self.checks) - set(CHECKS))
        if unknown:
            raise ValueError(f"unknown checks {unknown}; choose from {', '.join(CHECKS)}")
        if self.devices < 1 or self.batch < 1 or self.repeats < 2:
            raise ValueError("devices and batch must be >= 1 and repeats >= 2")

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VerifyOptions:
        fields: dict[str, Any] = {name: tuple(value) if isinstance(value, list) else value
                  for name, value in data.items() if name in cls.__dataclass_fields__}
        return cls(**fields)
