"""ModuleFacts: every flow-insensitive fact about one file, built on first use, once.

It replaces the string-keyed ``ctx.state`` cache of the analysis: each memo is a typed
attribute here, so a reader sees what is memoised and a type checker sees what it holds.
The builders live in their own modules and take the module's parts explicitly; this is the
only module of ``module/`` that knows them all.
"""

from __future__ import annotations

from functools import cached_property

import libcst as cst

from jaxpure.analysis.module.attributes import SelfAttributes
from jaxpure.analysis.module.class_facts import ClassFacts
from jaxpure.analysis.module.entry_facts import EntryAsk
from jaxpure.analysis.module.bindings import Bindings, LocalSources, augmented_names
from jaxpure.analysis.module.gate_index import ImportedHandoff
from jaxpure.analysis.module.globals import StaleNames
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.jit_switches import jit_off_flags
from jaxpure.analysis.module.keyparams import KeyParams
from jaxpure.analysis.module.records import Records
from jaxpure.analysis.module.module_params import ModuleParams
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.structure_uses import StructureUses, parent_map
from jaxpure.analysis.module.summary import Seed
from jaxpure.analysis.module.test_code import expected_to_raise
from jaxpure.analysis.module.traced import TracedAnalysis


class ModuleFacts:
    def __init__(self, module: cst.Module, index: ModuleIndex, resolver: Resolver,
                 traced: TracedAnalysis, static_helpers: frozenset[str] = frozenset()) -> None:
        self.module = module
        self.index = index
        self.resolver = resolver
        self.traced = traced
        self.static_helpers = static_helpers
        self._augmented: dict[int, dict[str, int]] = {}
        self._local_sources: dict[int, LocalSources] = {}
        # memos filled by the questions that compute them (they need the walk's context):
        # (id of a helper's unit, parameter) -> whether the helper draws from that key
        self.helper_consumes: dict[tuple[int, str, bool], bool] = {}  # (callee, key, exact)
        # (id of a helper's unit, parameter) -> the function parameter alone it hands the
        # key to, and where (handed_keys.handed_to_parameter)
        self.handed_keys: dict[tuple[int, str], tuple[str, int | str] | None] = {}
        self.entry_uses: dict[tuple[int, str], str] = {}  # key_entries.entry_uses
        # what other modules' methods do with dict entries this module's classes hand them,
        # and the entries other modules ask this module's methods about (entry_facts.py);
        # set before the walk (pipeline.py)
        self.entry_answers: dict[EntryAsk, str] = {}
        self.entry_asked: set[EntryAsk] = set()
        # functions of other modules this module imports (qualified as it names them) whose
        # key parameter is drawn from only under a flag: (key, its position, flag, its
        # position) (module/gate_index.py); set before the walk (pipeline.py)
        self.imported_key_gates: dict[str, tuple[str, int, str, int]] = {}
        # factories of other modules this module imports (named likewise) returning a
        # closure that never draws from these key parameters (their positions; gate_index.py)
        self.imported_closure_keys: dict[str, tuple[tuple[str, int], ...]] = {}
        # scan wrappers of other modules this module imports (named as it names them:
        # gate_index.py); set before the walk (pipeline.py)
        self.imported_scan_wrappers: frozenset[str] = frozenset()
        # functions of other modules this module imports (named likewise) that only hand
        # parameters to function parameters (module/handed_keys.py); set before the walk
        self.imported_handed_keys: dict[str, tuple[ImportedHandoff, ...]] = {}
        # functions of other modules this module imports (qualified as it names them) that
        # test whether their argument is a tracer (flow/narrowing.py); set before the walk
        self.imported_tracer_tests: frozenset[str] = frozenset()
        # functions of other modules this module imports (named likewise) returning Python
        # values when these parameters (with their positions) are Python values
        # (flow/exported_returns.py); set before the walk (pipeline.py)
        self.imported_static_returns: dict[str, tuple[tuple[str, int], ...]] = {}
        # id of a unit -> whether the function returns a JAX array
        self.returns_array: dict[int, bool] = {}
        # id of a unit -> every call that runs it, when all are seen (queries/callers.py)
        self.call_sites: dict[int, list[object] | None] = {}
        # module-level class name -> the kind of pytree node its instances are (queries/structures)
        self.pytree_classes: dict[str, str | None] = {}
        # classes imported from other modules, as this module names them -> their members
        # that are static on a traced instance (static fields, properties over aux data and
        # shapes, paths through fields: summary.py); set before the walk (pipeline.py)
        self.imported_classes: dict[str, frozenset[str]] = {}
        # the fields the classes imported from other modules annotate as Python containers
        # (``data: dict[str, jax.Array]``), by name (summary.py); set before the walk
        self.imported_container_fields: frozenset[str] = frozenset()
        # classes imported from other modules whose instances are Python values, by the
        # names this module calls them (module/instances.py, summary.py)
        self.imported_static_instances: frozenset[str] = frozenset()
        # the traces other modules' calls start here (summary.py); set before the walk
        self.seeds: tuple[Seed, ...] = ()
        # field names the project's classes declare static and never a leaf, read here on
        # values of no known class (module/field_index.py); set before the walk
        self.project_static_fields: frozenset[str] = frozenset()
        # the names the walk asked that of, whatever the answer: for the summary
        self.unseen_class_reads: set[str] = set()
        # (id of a unit, name) -> whether the name is a parameter of no known class there
        self.unseen_class_params: dict[tuple[int, str], bool] = {}
        # id of a unit -> where it is called repeatedly (effects.repeated_units)
        self.repeated_units: dict[int, str] | None = None
        # id of a unit -> the calls of it inside a repeating loop (filled with repeated_units)
        self.repeating_calls: dict[int, list[cst.Call]] = {}
        # `Class.method` -> where another module's base class runs it in a loop, through an
        # abstract `self.method(...)` (module/looped_calls.py; set by pipeline.analyze)
        self.imported_looped_calls: dict[str, str] = {}

    def unit_bindings(self, unit: Unit) -> Bindings:
        return self.resolver.unit_bindings(unit)  # one memo for the module's analysis

    def augmented_names(self, unit: Unit) -> dict[str, int]:
        found = self._augmented.get(id(unit))
        if found is None:
            found = self._augmented[id(unit)] = augmented_names(unit)
        return found

    def local_sources(self, unit: Unit) -> LocalSources:
        found = self._local_sources.get(id(unit))
        if found is None:
            found = self._local_sources[id(unit)] = LocalSources(unit)
        return found

    def expected_to_raise(self, node: cst.CSTNode) -> bool:
        """``node`` is (in) the last statement of a block expecting an exception
        (test_code.expected_to_raise)."""
        return id(node) in self._expected_to_raise

    @cached_property
    def _expected_to_raise(self) -> frozenset[int]:
        # one pass over the module's `with` statements, each resolved in its own function
        return expected_to_raise(self.index.with_statements, self.resolver.qualname)

    @cached_property
    def parents(self) -> dict[int, cst.CSTNode]:
        """id of a node -> its parent, for every node of the module (one pass)."""
        return parent_map(self.module)

    @cached_property
    def structure_uses(self) -> StructureUses:
        """Which calls' results are used for their structure only (structure_uses.py)."""
        return StructureUses(self.module, self.index, lambda: self.parents,
                             lambda: self.__dict__.get("parents"))

    @cached_property
    def class_facts(self) -> ClassFacts:
        """Static members of the module's classes and of those it imports (class_facts.py)."""
        return ClassFacts(self.module, self.index, self.resolver, self.imported_classes)

    @cached_property
    def key_params(self) -> KeyParams:
        return KeyParams(self.index, self.resolver)

    @cached_property
    def records(self) -> Records:
        """The module's record classes and their fields (records.py)."""
        return Records(self.index, self.resolver)

    @cached_property
    def jit_off_flags(self) -> frozenset[str]:
        """Module flags under which the module runs its jitted code eagerly (jit_switches)."""
        return jit_off_flags(self.index, self.resolver)

    @cached_property
    def self_attributes(self) -> SelfAttributes:
        return SelfAttributes(self.module, self.index, self.resolver, self.traced)

    @cached_property
    def module_params(self) -> ModuleParams:
        """Parameters traced callers bind to jax.numpy (``xnp=jnp``: module_params.py)."""
        return ModuleParams(self.index, self.resolver, self.traced, self.seeds)

    @cached_property
    def stale_names(self) -> StaleNames:
        return StaleNames(self.index, self.resolver, self.module)

