"""The context rules see: the module's analyses and, at each point of the flow walk, the
kinds of local names and the state of PRNG keys (filled in by the walker in flow.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.given import GivenFacts
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.flow.domain import Frame, Layout, Loop
from jaxpure.analysis.flow.forwarded_kwargs import SpreadSites
from jaxpure.analysis.module.facts import ModuleFacts
from jaxpure.analysis.module.imports import canonical, dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.flow.infer import infer_kind
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.entry_facts import EntryAsk
from jaxpure.analysis.module.summary import Truths
from jaxpure.analysis.syntax import path_root
from jaxpure.analysis.module.traced import TraceInfo, TracedAnalysis


class Context:
    """What rules may ask while the walker is at a node."""

    def __init__(
        self,
        module: cst.Module,
        index: ModuleIndex,
        resolver: Resolver,
        traced: TracedAnalysis,
        static_helpers: frozenset[str],
        facts: ModuleFacts | None = None,
    ) -> None:
        self.module = module
        # the file's flow-insensitive facts, memoised (module/facts.py)
        self.facts = facts or ModuleFacts(module, index, resolver, traced, static_helpers)
        # inside `with jax.ensure_compile_time_eval():` (depth): jnp calls run eagerly
        self.compile_time_eval = 0
        self.index = index
        self.resolver = resolver
        self.traced_analysis = traced
        self.static_helpers = static_helpers
        self.reports: list[object] = []
        self.frame = Frame(None, None)
        self.loops: list[Loop] = []
        self.stack: list[cst.CSTNode] = []
        self.statement: cst.CSTNode | None = None  # the innermost statement being walked
        self.in_store = False
        self.callsite_kinds: dict[int, dict[str, int]] = {}
        # by function, by parameter: its kind where a flag parameter is false, as the traced
        # calls passing it a local traced only where that flag holds give (flow/flag_paths.py)
        self.flag_kinds_at_calls: dict[int, dict[str, tuple[str, int] | None]] = {}
        # each call passing `**options` to a function: the keywords it names, the spread's
        # kind (flow/forwarded_kwargs.py)
        self.spread_sites: SpreadSites = {}
        # the layouts the module's traced calls give each function's parameters (None: a
        # call passed one whose layout is unknown), and those calls in other modules give
        # (by seed name: flow/layouts.py)
        self.callsite_layouts: dict[int, dict[str, Layout | None]] = {}
        self.seeded_layouts: dict[str, dict[str, Layout | None]] = {}
        self.layout_cache: dict[int, Layout | None] = {}  # layouts read by form (layouts.py)
        # traced calls of project functions of other modules, with the layouts of their
        # arguments: (calling unit, callee's qualified name, arguments after `self`,
        # ((position or keyword, layout or None), ...))
        self.layout_calls: list[tuple[Unit, str, bool, tuple[tuple[int | str, Layout | None], ...]]] = []
        self.closures: dict[int, tuple[dict[str, int], dict[str, KeyState]]] = {}
        self.module_env: dict[str, int] = {}
        # calls from traced functions to functions imported from other modules:
        # (the calling unit, the callee's qualified name, positional kinds, keyword kinds)
        self.seeded_kinds: dict[str, dict[str, int]] = {}
        self.kind_cache: dict[int, int] = {}
        # and the positions and keywords of the arguments that are not None (flow/given.py),
        # those that are the jax.numpy module (module/module_params.py) and the literal ones
        # with their truth values (flow/given.py), those of no integer dtype (flow/dtypes.py),
        # and those that are the caller's own parameters (module/gate_index.py)
        self.external_calls: list[tuple[Unit, str, tuple[int, ...], tuple[tuple[str, int], ...],
                                        tuple[int | str, ...], tuple[int | str, ...],
                                        Truths, tuple[int | str, ...], tuple[int | str, ...]]] = []
        # the parameters traced calls fill, not with None (flow/given.py)
        self.given = GivenFacts()
        # `cosmo.cache_set(k, v)` in a traced function on its traced parameter `cosmo`: the
        # class is unknown here, the project's classes may name it (module/summary.py):
        # (the calling unit, the method name, the parameter's annotated class or "", the
        # literal arguments with their truth values)
        self.receiver_calls: list[tuple[Unit, str, str, Truths]] = []
        # dicts holding a key handed to a method inherited from another module's class: what
        # it does with the entry is asked of that module (module/entry_facts.py)
        self.entry_asks: set[EntryAsk] = set()

    # -- reporting -------------------------------------------------------------------
    def add_report(self, report: object) -> None:
        self.reports.append(report)

    # -- where we are ----------------------------------------------------------------
    @property
    def unit(self) -> Unit | None:
        return self.frame.unit

    @property
    def info(self) -> TraceInfo | None:
        return self.frame.info

    @property
    def traced(self) -> bool:
        info = self.frame.info
        return info is not None and info.via is not None

    @property
    def strict_via(self) -> str | None:
        """A transform under which Python control flow on a traced value fails."""
        info = self.frame.info
        return info.strict_via if info is not None else None

    @property
    def caching_via(self) -> str | None:
        """A caching transform (jit, pmap) that traces this function once and replays it."""
        info = self.frame.info
        return info.caching_via if info is not None else None

    @property
    def via(self) -> str | None:
        info = self.frame.info
        return info.via if info is not None else None

    @property
    def stateful(self) -> bool:
        info = self.frame.info
        return bool(info and info.stateful)

    def parent(self, depth: int = 1) -> cst.CSTNode | None:
        """The node ``depth`` levels above the one being visited (expressions only)."""
        index = len(self.stack) - 1 - depth
        return self.stack[index] if index >= 0 else None

    @property
    def in_construction(self) -> bool:
        """Whether the function walked is construction code: only a Flax linen module's
        ``setup``, and what only it calls, traces it (module/construction.py)."""
        unit = self.unit
        return unit is not None and self.traced_analysis.is_construction(unit)

    def via_description(self, via: str | None) -> str:
        info = self.frame.info
        if info is not None and not info.direct:
            if info.caller is not None:
                root = self.traced_analysis.info.get(id(info.caller))
                if root is not None and root.contract is not None and not root.transformed:
                    return f"{via} (called from {root.contract}, which its users jit)"
                return f"{via} (called from `{info.caller.name}`)"
            if info.external_origin is not None:
                return f"{via} (called from {info.external_origin})"
        if info is not None and info.contract is not None and not info.transformed:
            return f"{via} ({info.contract}, which its users jit)"
        return via or "a JAX transform"

    # -- names -----------------------------------------------------------------------
    def qualname(self, expr: cst.BaseExpression) -> str | None:
        unit = self.frame.unit
        found = self.resolver.qualname(expr, unit)
        if found is None and unit is not None and self.facts.module_params.jnp_params:
            # `xnp.stack(...)` where traced callers pass `xnp=jnp` (module/module_params.py)
            text = dotted_name(expr)
            head, _, rest = (text or "").partition(".")
            module = self.facts.module_params.module_of(unit, head) if head else None
            if module is not None:
                return canonical(f"{module}.{rest}" if rest else module)
        return found

    def scope_of(self, name: str) -> str:
        """'local', 'closure', 'module' or 'builtin' for a name read in the current unit."""
        unit = self.frame.unit
        if unit is None:
            return "module" if name in self.index.bindings or name in self.index.def_names \
                else "builtin"
        if unit.binds(name) and name not in unit.declared_global \
                and name not in unit.declared_nonlocal:
            return "local"
        if name in unit.declared_global:
            return "module"
        u = unit.parent
        while u is not None:
            if u.binds(name) and name not in u.declared_global:
                return "closure"
            if name in u.declared_global:
                return "module"
            u = u.parent
        if name in self.index.bindings or name in self.index.def_names \
                or name in self.index.import_names:
            return "module"
        return "builtin"

    def defining_unit(self, name: str) -> Unit | None:
        """The enclosing function that binds a closure variable."""
        u = self.frame.unit.parent if self.frame.unit else None
        while u is not None:
            if u.binds(name):
                return u
            u = u.parent
        return None

    # -- values ----------------------------------------------------------------------
    def kind(self, expr: cst.BaseExpression) -> int:
        # several rules ask about the same expression at the same program point; the
        # walker clears this whenever a binding changes (see Walker.stmt and bind)
        found = self.kind_cache.get(id(expr))
        if found is None:
            found = self.kind_cache[id(expr)] = infer_kind(self, expr)
        return found

    def is_traced(self, expr: cst.BaseExpression) -> bool:
        return L.is_traced(self.kind(expr))

    def is_traced_array(self, expr: cst.BaseExpression) -> bool:
        return self.kind(expr) == L.TRACED_ARRAY

    def lookup(self, name: str) -> int:
        frame = self.frame
        found = frame.env.get(name)
        if found is not None:
            return found
        if frame.unit is not None and frame.unit.binds(name) \
                and name not in frame.unit.declared_global:
            return L.UNKNOWN
        if frame.closure is not None:
            found = frame.closure[0].get(name)
            if found is not None:
                return found
        if name in ("None", "True", "False", "Ellipsis", "__debug__"):
            return L.STATIC
        found = self.module_env.get(name)
        if found is not None:
            return found
        return L.UNKNOWN

    def key_state(self, name: str) -> KeyState | None:
        frame = self.frame
        found = frame.keys.get(name)
        if found is not None:
            return found
        if frame.unit is not None and frame.unit.binds(path_root(name)):
            return None
        if frame.closure is not None:
            return frame.closure[1].get(name)
        return None

    def closed_over_keys(self) -> dict[str, KeyState]:
        """The keys of the enclosing functions this one sees: not a name it binds, nor any
        entry or attribute of one (`_rngs[0]` of its own `_rngs = split(...)` is its own,
        not the enclosing function's `_rngs[0]`)."""
        frame = self.frame
        if frame.closure is None:
            return {}
        unit = frame.unit
        return {name: state for name, state in frame.closure[1].items()
                if unit is None or not unit.binds(path_root(name))}

    def is_key(self, name: str) -> bool:
        return self.key_state(name) is not None

    def is_drawn_key_parameter(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is a parameter of this function that it hands to a ``jax.random``
        function taking a key (not the seed of ``PRNGKey(seed)``), itself or through another
        function of the module, or that it defaults with a new key (``rng or PRNGKey(0)``):
        whatever the caller passes is a key array, traced or not, so it has no truth value."""
        unit = self.unit
        # both answers are parameters of the function: a test of anything else asks neither
        return type(expr) is cst.Name and unit is not None and expr.value in unit.param_names \
            and (expr.value in self.facts.key_params.drawing_parameters(unit)
                 or expr.value in self.facts.key_params.fallback_keys(unit))
