"""What the walk keeps per function and per loop, shared by the walker and its parts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import libcst as cst

from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.module.facts import ModuleFacts
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.traced import TraceInfo, TracedAnalysis

# a rule's visit_<Node>(node, ctx) method, ctx being the analysis Context
Handler = Callable[[object, Any], None]

# an access path into a structure (fields by name, "[]" for any entry: flow/layouts.py)
Path = tuple[str, ...]
# the kinds of a structure's parts, by path, as the code building it shows them
Layout = dict[Path, int]


@dataclass
class Frame:
    unit: Unit | None
    info: TraceInfo | None
    env: dict[str, int] = field(default_factory=dict)
    keys: dict[str, KeyState] = field(default_factory=dict)
    closure: tuple[dict[str, int], dict[str, KeyState]] | None = None
    random_names: frozenset[str] = frozenset()
    key_paths: bool = False  # some random_names are paths (self.key, rngs["dropout"])
    # `draw = partial(jax.random.normal, key)`: each call of `draw` draws from `key`
    bound_keys: dict[str, str] = field(default_factory=dict)
    # `rngs = {"params": rng}`: the expression each entry's key came from (rngs['params'])
    entry_nodes: dict[str, cst.CSTNode] = field(default_factory=dict)
    dead: bool = False
    # the environments of the closures defined here (see KindFlow.complete_closures)
    made_closures: list[dict[str, int]] = field(default_factory=list)
    # locals and parameters whose parts' kinds are known (flow/layouts.py)
    layouts: dict[str, Layout] = field(default_factory=dict)
    # in a lax loop body: the parts of the carry that start as keys (flow/carried.py)
    carried: CarriedKeys | None = None
    # by literal flag, the kinds its paths no trace takes left behind (flow/paths.py)
    off_trace: dict[str, OffTrace] = field(default_factory=dict)
    # by `if` statement (id): the state its path a literal flag rules out left, for the
    # eager runs that get past it where no trace does (flow/walker.py walks the rest so)
    eager_after: dict[int, FlowState] = field(default_factory=dict)
    # the function is traced (module/traced.py), so a call walked as untraced code in it is
    # on a path no trace takes (flow/unreached.py); asked once, at its start
    traced_unit: bool = False
    # locals traced only where a flag holds, with their kind where it does not, and the
    # parameters tied so to a flag parameter, by flag, with their kinds on entry and where
    # it is false (flow/flag_paths.py)
    flag_bindings: dict[str, FlagBinding] = field(default_factory=dict)
    off_flag: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)


@dataclass(frozen=True)
class CarriedKeys:
    """The parts of a lax loop body's carry parameter whose initial value is a key
    (flow/carried.py)."""

    param: str
    count: int  # how many elements the initial carry has (a record's fields, a tuple's)
    positions: frozenset[int]
    fields: frozenset[str]  # of a record: `rng` for `state.rng`


@dataclass(frozen=True)
class FlagBinding:
    """A local whose kind where ``flag`` is false is ``kind``, as the ``if`` on the flag
    (``node``, statement ``index`` of ``block``) left it (flow/flag_paths.py)."""

    flag: str
    kind: int
    node: cst.If
    block: tuple[cst.CSTNode, ...]
    index: int


# what the eager runs that take a literal flag's other paths have bound (flow/paths.py):
# the block and statement of the last such path, and the kinds of the names it changed
OffTrace = tuple[tuple[cst.CSTNode, ...], cst.CSTNode | None, dict[str, int]]

# what the walk joins at the end of alternative paths (flow/paths.py)
FlowState = tuple[dict[str, int], dict[str, KeyState], bool, dict[str, Layout]]


@dataclass
class Loop:
    node: cst.CSTNode
    assigned: frozenset[str]
    reported: set[str] = field(default_factory=set)
    # ids of the draws of a key reused in this loop, on a path where the reuse is reported:
    # a later draw on a path that made one of them is the same reuse; one on an exclusive
    # path (the `elif` beside) is one of its own
    reported_draws: set[int] = field(default_factory=set)
    # keys whose first event in the body is a consumption (`key, sub = split(key)`):
    # if the body leaves them consumed, the next iteration consumes them again
    consumed_first: set[str] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)
    # the path being walked is taken on at most one iteration: the loop runs at most once
    # there (`if n > 1: ... else: ...` in `for i in range(n)`), or its test picks one element
    # of the literal the loop walks (`if n == 1:` in `for n in [0, 1]`): a key copied or
    # drawn there is copied or drawn once per run of the loop (flow/first_iteration.py), or
    # the path leaves the loop (a block ending in `break` or `return`: flow/walker.py)
    runs_once_here: bool = False
    # try statements around the path inside this loop: an error on a path that leaves the
    # loop may be caught and the loop go round again
    guarded: int = 0


def copying_loop(loops: list[Loop]) -> int | None:
    """The loop (its node's id) a copy of a key made here (``k = key``) is made in, which
    then hands out the same key on every iteration; none on a path taken only when the
    loop runs at most once."""
    if not loops or loops[-1].runs_once_here:
        return None
    return id(loops[-1].node)


def repeating_loop(loops: list[Loop]) -> Loop | None:
    """The innermost loop around the path being walked that may walk it again on a later
    iteration (a loop whose path runs once there is skipped for the loops around it)."""
    for loop in reversed(loops):
        if not loop.runs_once_here:
            return loop
    return None


def from_param(value: cst.BaseExpression | None, frame: Frame) -> bool:
    while isinstance(value, (cst.Subscript, cst.Attribute)):
        value = value.value
    if type(value) is cst.Name and frame.unit is not None:
        return frame.unit.param(value.value) is not None
    return False


class KindScope(Protocol):
    """What inferring an expression's kind needs to know about where the walk is (the
    Context is one; infer.py never imports it)."""

    module: cst.Module
    index: ModuleIndex
    resolver: Resolver
    traced_analysis: TracedAnalysis
    facts: ModuleFacts
    static_helpers: frozenset[str]
    compile_time_eval: int
    frame: Frame
    layout_cache: dict[int, Layout | None]
    module_env: dict[str, int]  # what the walk knows of the module's names

    @property
    def unit(self) -> Unit | None: ...
    @property
    def traced(self) -> bool: ...
    @property
    def strict_via(self) -> str | None: ...
    @property
    def caching_via(self) -> str | None: ...
    def lookup(self, name: str) -> int: ...
    def qualname(self, expr: cst.BaseExpression) -> str | None: ...


def opens_compile_time_eval(node: cst.With, qualname: Callable[[cst.BaseExpression], str | None]) -> bool:
    """``with jax.ensure_compile_time_eval():``: jnp calls in the block run eagerly (the
    walk of the block, and the returns a helper makes from it: flow/returned_kind.py)."""
    return any(type(item.item) is cst.Call
               and qualname(item.item.func) == "jax.ensure_compile_time_eval"
               for item in node.items)
