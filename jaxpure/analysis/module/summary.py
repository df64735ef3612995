"""Per-module summaries for analysis across the files of a project.

A helper defined in ``model/layers.py`` and called from a jitted step in ``train.py`` is
traced code. Each file is analysed on its own and summarised: the functions it defines and
the calls its traced functions make to functions imported from other modules, with the
kind (traced / static) of every argument. Propagating over the summaries gives each module
*seeds*: "your function ``dense`` is traced by jax.jit, called from train.py:42, with a
traced first argument". The module is then analysed again with its seeds.

Summaries and seeds are plain data (JSON-able) so that they can be cached with a file's
results and sent between processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from jaxpure.analysis.catalog.pytrees import FOREIGN_METHODS
from jaxpure.analysis.module.receiver_calls import ReceiverCall, Truths  # noqa: F401 - re-exported
from jaxpure.analysis.module.aux_decorator_index import AUX_DECORATORS, AuxDecorators, aux_decorator_targets
from jaxpure.analysis.module.field_index import (FIELD_FACTORIES, FIELD_NAMES, FieldNames,
                                                  field_factory_targets, field_name_targets)
from jaxpure.analysis.module.class_closure import (
    ClassConditions, ClassFields, aliased, class_closure, module_classes,
)
from jaxpure.analysis.module.imported_names import imported_functions
from jaxpure.analysis.module.key_source_index import KEY_SOURCES, KeySources, key_source_targets
from jaxpure.analysis.module.entry_facts import Entries, EntryAnswer, EntryAsk, entry_targets
from jaxpure.analysis.module.gate_index import (
    CLOSURE_KEYS, HANDED_KEYS, KEY_GATES, SCAN_WRAPPERS, SHAPE_ASK, SHAPE_PARAMETERS, STATIC_RETURNS,
    UNDRAWN_KEYS, ClosureKey, HandedKey, KeyGate, ScanWrapper, ShapeParameters, StaticReturn, UndrawnKey,
    closure_key_targets, handed_key_targets, key_gate_targets, scan_wrapper_targets,
    shape_parameter_targets, static_return_targets, undrawn_key_targets,
)
from jaxpure.analysis.module.split_return_index import SPLIT_RETURNS, SplitReturn, split_return_targets
from jaxpure.analysis.module.layout_calls import LAYOUTS, LayoutCall, Layouts, layout_targets
from jaxpure.analysis.module.summary_calls import ExternalCall, SelfCall  # importers find them here too
from jaxpure.analysis.module.summary_fields import SEED_FIELDS, SUMMARY_FIELDS
from jaxpure.analysis.lattice import STATIC, TRACED, TRACED_CONTAINER


# Imported callees in these namespaces are libraries, never project helpers.
LIBRARY_PREFIXES = ("builtins.", "jax.", "numpy.", "flax.", "equinox.", "optax.", "math.",
                    "functools.", "typing.", "collections.", "itertools.", "logging.",
                    "chex.", "haiku.", "scipy.", "os.", "sys.", "re.", "dataclasses.")


@dataclass(frozen=True)
class ModuleSummary:
    module: str  # dotted module name ("" when unknown)
    functions: frozenset[str]  # module-level function names
    calls: tuple[ExternalCall, ...]
    # `from .layers import dense as d`: names this module re-exports (alias -> qualified)
    reexports: tuple[tuple[str, str], ...] = ()
    # (class, qualified bases, method names) for each class of the module
    classes: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()
    self_calls: tuple[SelfCall, ...] = ()
    # the module imports JAX (or a JAX framework) itself; None: not parsed (its text names
    # none of them), so it is analysed only if it imports a module that does
    imports_jax: bool | None = None
    # the project's own jit wrappers defined here: (function, the transform it applies,
    # the static keywords it rewrites: module/wrappers.py)
    wrappers: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # class facts other modules need: a class of this module -> its members that are Python
    # values even on a traced instance (static fields, properties over aux data or shapes)
    static_members: tuple[tuple[str, tuple[str, ...]], ...] = ()
    receiver_calls: tuple[ReceiverCall, ...] = ()
    # functions of this module that run a merged nnx model under a transform: (function,
    # line of its def, the transform) (module/nnx_runs.py)
    nnx_runs: tuple[tuple[str, int, str], ...] = ()
    # static members that need facts of other modules' classes, and the classes fields
    # hold: propagate() settles them across the project in one step (class_closure.py)
    class_conditions: ClassConditions = ()
    class_fields: ClassFields = ()
    layout_calls: tuple[LayoutCall, ...] = ()
    # the field names its classes declare static and leaves, and those it reads on values of
    # no known class: the project's index of static fields (module/field_index.py)
    field_names: FieldNames = FieldNames()
    # dicts holding a key handed to methods of other modules' classes, and what this
    # module's methods do with such entries when asked (module/entry_facts.py)
    entry_asks: tuple[EntryAsk, ...] = ()
    entry_answers: tuple[EntryAnswer, ...] = ()
    # key parameters of its functions and classes drawn from only under a flag parameter
    # (module/gate_index.py)
    key_gates: tuple[KeyGate, ...] = ()
    # key parameters the closures its factories return never draw from (gate_index.py)
    closure_keys: tuple[ClosureKey, ...] = ()
    # its scan wrappers: (function, body parameter, xs parameter) (module/scan_wrappers.py)
    scan_wrappers: tuple[ScanWrapper, ...] = ()
    # parameters its functions only hand to a function parameter (module/handed_keys.py)
    handed_keys: tuple[HandedKey, ...] = ()
    aux_decorators: AuxDecorators = ()  # its aux-field decorators (aux_decorator_index.py)
    # class facts too: a class of this module -> its fields annotated as Python containers
    # (``data: dict[str, jax.Array]``: writing an entry is no array's item assignment)
    container_fields: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # functions returning whether their one argument is a tracer (flow/narrowing.py)
    tracer_tests: tuple[str, ...] = ()
    static_returns: tuple[StaticReturn, ...] = ()  # from Python values (exported_returns.py)
    key_sources: KeySources = KeySources()  # methods handing out new keys (key_source_index.py)
    # parameters its functions use as shapes, for importers handing them theirs (gate_index.py)
    shape_parameters: tuple[ShapeParameters, ...] = ()
    undrawn_keys: tuple[UndrawnKey, ...] = ()  # key parameters never drawn (undrawn_keys.py)
    # key parameters only split, the children returned (split_return_index.py)
    split_returns: tuple[SplitReturn, ...] = ()

    # The JSON form is a list, a field at each position: summary_fields.py says how each
    # is encoded, decoded and checked.
    def to_json(self) -> list:
        return [field.encode(getattr(self, field.name)) for field in SUMMARY_FIELDS]

    @staticmethod
    def from_json(data: list) -> ModuleSummary:
        # a shorter list (from before the later fields) leaves them at their defaults
        return ModuleSummary(**{field.name: field.decode(value)
                                for field, value in zip(SUMMARY_FIELDS, data)})


# The ``via`` of a seed that carries class facts, not a trace: ``function`` is a class as the
# importing module names it, ``keywords`` its members known static (name, kind).
CLASS_FACTS = "class facts"
# The ``via`` of a seed naming (qualified) a function of another module, imported here,
# that tests whether its argument is a tracer (flow/narrowing.py)
TRACER_TESTS = "tracer test"
# The ``via`` of a seed that tells a module the project runs nnx models it imports traced:
# ``origin`` says where ("`forward` in pipeline.py:40, under jax.jit")
NNX_RUNS = "nnx models run traced"


@dataclass(frozen=True)
class Seed:
    """A module-level function of this module traced through a caller in another module
    (or, with ``via == CLASS_FACTS``, what another module knows of a class this one imports)."""

    function: str
    via: str
    caching: str | None
    strict: str | None
    origin: str  # "train.py:42 (`train_step`)"
    positional: tuple[int, ...]
    keywords: tuple[tuple[str, int], ...]
    stateful: bool = False
    # the calling file, relative to the project root: a run over some of the files keeps
    # the seeds that files outside it contributed last time
    source: str = ""
    # the arguments the call gives that are not None, by position or keyword (flow/given.py)
    given: tuple[int | str, ...] = ()
    # the arguments that are the jax.numpy module, by position or keyword (module_params.py)
    jnp_args: tuple[int | str, ...] = ()
    # the literal arguments with their truth values (positions after ``self`` for a
    # method's seed: flow/given.py)
    truths: Truths = ()
    layouts: Layouts = ()  # of the arguments: a LAYOUTS seed, whose origin is one call
    bound: bool = False  # the layouts' positions count after `self`
    entries: Entries = ()  # an ENTRY_ASK's or ENTRY_USE's dict entries (entry_facts.py)
    construction: bool = False  # the caller is construction code (module/construction.py)
    non_integer: tuple[int | str, ...] = ()  # the arguments of no integer dtype (flow/dtypes.py)

    def key(self) -> tuple:
        # a seed naming no function is about a name (a wrapper), which its origin holds
        return (self.function, self.via, self.caching, self.strict, self.positional,
                self.keywords, self.stateful, self.given, self.jnp_args, self.truths,
                self.layouts, self.bound, self.entries, self.construction, self.non_integer) + \
            (() if self.function and self.via != LAYOUTS else (self.origin,))

    # The JSON form is a list, a field at each position: SEED_FIELDS (summary_fields.py)
    # says how each is encoded, decoded and checked.
    def to_json(self) -> list:
        return [field.encode(getattr(self, field.name)) for field in SEED_FIELDS]

    @staticmethod
    def from_json(data: list) -> Seed:
        return Seed(**{field.name: field.decode(value) for field, value in zip(SEED_FIELDS, data)})


def propagate(summaries: Mapping[str, tuple[ModuleSummary, str, str]]) -> dict[str, list[Seed]]:
    """Seeds for each module, from the external calls of every summary.

    ``summaries`` maps a module name to (its summary, the path to show for it, its path
    relative to the project root).
    """
    functions: dict[str, tuple[str, str]] = {}  # qualified name -> (module, function)
    for name, (summary, _path, _relpath) in summaries.items():
        for function in summary.functions:
            functions[f"{name}.{function}"] = (name, function)
    aliases: dict[str, str] = {}
    for name, (summary, _path, _relpath) in summaries.items():
        for alias, original in summary.reexports:
            aliases[f"{name}.{alias}"] = original
    seeds: dict[str, dict[tuple, Seed]] = {}
    for name, (summary, path, relpath) in summaries.items():
        for call in summary.calls:
            callee = call.callee
            for _ in range(3):  # follow `from .layers import dense` re-exports
                if callee in functions or callee not in aliases:
                    break
                callee = aliases[callee]
            target = functions.get(callee)
            if target is None or target[0] == name:
                continue
            seed = Seed(target[1], call.via, call.caching, call.strict,
                        f"`{call.caller}` in {path}:{call.line}", call.positional,
                        call.keywords, call.stateful, relpath, call.given, call.jnp_args,
                        call.truths, construction=call.construction,
                        non_integer=call.non_integer)
            seeds.setdefault(target[0], {}).setdefault(seed.key(), seed)
            if call.forwarded:  # the callee's shape parameters are asked for (gate_index.py)
                ask = Seed(target[1], SHAPE_ASK, None, None, path, (), (), False, relpath)
                seeds[target[0]].setdefault(ask.key(), ask)
    for name, seed in _class_fact_seeds(summaries, aliases):
        seeds.setdefault(name, {}).setdefault(seed.key(), seed)
    extra = override_seeds(summaries, aliases) + jax_importer_seeds(summaries) + \
        wrapper_seeds(summaries, aliases) + receiver_seeds(summaries) + \
        nnx_run_seeds(summaries) + layout_seeds(summaries, aliases) + field_name_seeds(summaries) + \
        [(module, Seed(name, FIELD_FACTORIES, None, None, path, (), (), False, relpath))
         for module, name, path, relpath in field_factory_targets(summaries, aliases)] + \
        [(module, Seed(name, TRACER_TESTS, None, None, path, (), (), False, relpath))
         for module, name, path, relpath in imported_functions(
             summaries, aliases, lambda summary: summary.tracer_tests)] + \
        [(module, Seed(function, via, None, None, origin, (), (), False, relpath, entries=found))
         for module, function, via, origin, relpath, found in entry_targets(summaries, aliases)] + \
        [(module, Seed(name, KEY_GATES, None, None, path, (), ((gate[1], gate[2]), (gate[3], gate[4])),
                       False, relpath))
         for module, name, path, relpath, gate in key_gate_targets(summaries, aliases)] + \
        [(module, Seed(name, via, None, None, path, (), ((key[1], key[2]),), False, relpath))
         for via, targets in ((CLOSURE_KEYS, closure_key_targets), (UNDRAWN_KEYS, undrawn_key_targets))
         for module, name, path, relpath, key in targets(summaries, aliases)] + \
        [(module, Seed(name, SCAN_WRAPPERS, None, None, path, (), (), False, relpath))
         for module, name, path, relpath, _wrapper in scan_wrapper_targets(summaries, aliases)] + \
        [(module, Seed(name, HANDED_KEYS, None, None, path, (),
                       ((h[1], h[2]), (h[3], h[4]), (h[5], h[6])), False, relpath))
         for module, name, path, relpath, h in handed_key_targets(summaries, aliases)] + \
        [(module, Seed("", AUX_DECORATORS, None, None, name, (), facts, False, relpath))
         for module, name, relpath, facts in aux_decorator_targets(summaries, aliases)] + \
        [(module, Seed(name, STATIC_RETURNS, None, None, path, (), needs, False, relpath))
         for module, name, path, relpath, needs in static_return_targets(summaries, aliases)] + \
        [(module, Seed(name, SHAPE_PARAMETERS, None, None, path, (), shapes, False, relpath))
         for module, name, path, relpath, shapes in shape_parameter_targets(summaries, aliases)] + \
        [(module, Seed("", KEY_SOURCES, None, None, path, (), tuple((m, 0) for m in methods),
                       False, relpath))
         for module, path, relpath, methods in key_source_targets(summaries)] + \
        [(module, Seed(name, SPLIT_RETURNS, None, None, path, (), ((fact[1], fact[2]), (fact[3], 0)),
                       False, relpath))
         for module, name, path, relpath, fact in split_return_targets(summaries, aliases)]
    for module, seed in extra:
        seeds.setdefault(module, {}).setdefault(seed.key(), seed)
    return {module: sorted(found.values(), key=lambda s: (s.function, s.origin))
            for module, found in seeds.items()}


def _class_fact_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]],
                      aliases: Mapping[str, str]) -> Iterable[tuple[str, Seed]]:
    """(importing module, seed) for every class a module imports from another module that
    knows static members (or container fields, of kind TRACED_CONTAINER) of:
    `from .geometry import PointCloud` gets PointCloud's,
    `from ott.geometry import pointcloud` (a module) those of each class in it, and
    `import ott.geometry as geo` (a package) also those of the modules the package imports
    (`geo.pointcloud.PointCloud`)."""
    settled = class_closure(summaries, aliases)
    classes: dict[str, tuple[tuple[str, ...], tuple[str, ...], str, str]] = {}
    # the static fields each declaring module types as no None, by its path (flow/given.py)
    sure = {path: frozenset(summary.field_names.sure) for summary, path, _r in summaries.values()}
    for name, (summary, path, relpath) in summaries.items():
        containers = dict(summary.container_fields)
        # a class with no facts of its own may inherit some (class_closure.py)
        for class_name in {c for c, _m in summary.static_members} | \
                {c for c, _m in summary.class_conditions} | \
                {c for c, _b, _m in summary.classes} | containers.keys():
            known = settled.get(f"{name}.{class_name}")
            if known or class_name in containers:
                classes[f"{name}.{class_name}"] = (tuple(sorted(known or ())),
                                                   containers.get(class_name, ()), path, relpath)
    for name, (summary, _path, _relpath) in summaries.items():
        for alias, target in summary.reexports:
            for _ in range(3):  # follow `from .geometry import PointCloud` re-exports
                if target in classes or target not in aliases:
                    break
                target = aliases[target]
            found = [(alias, classes[target])] if target in classes else \
                module_classes(summaries, classes, aliases, target, alias)
            for shown, (members, held, path, relpath) in found:
                if path != _path:
                    yield name, Seed(shown, CLASS_FACTS, None, None, path, (),
                                     tuple((m, STATIC) for m in members) +
                                     tuple((f, TRACED_CONTAINER) for f in held), False, relpath,
                                     given=tuple(m for m in members if m in sure.get(path, ())))


def layout_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]],
                 aliases: Mapping[str, str]) -> list[tuple[str, Seed]]:
    """A seed per call of another module's function: its arguments' layouts."""
    return [(module, Seed(function, LAYOUTS, None, None, origin, (), (), False, relpath,
                          layouts=call.layouts, bound=call.bound))
            for module, function, origin, relpath, call in layout_targets(summaries, aliases)]


def field_name_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]]) -> list[tuple[str, Seed]]:
    """A seed naming no function per module declaring static the fields a module reads on
    values of no known class (module/field_index.py)."""
    return [(reader, Seed("", FIELD_NAMES, None, None, path, (),
                          tuple((name, STATIC) for name in names), False, relpath, given=sure))
            for reader, path, relpath, names, sure in field_name_targets(summaries)]


def nnx_run_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]]) -> list[tuple[str, Seed]]:
    """A module that runs a merged nnx model under a transform runs one of the nnx models
    it can name: those of the modules it imports, directly or through the modules they
    import (module/nnx_runs.py). Each of them, and the module itself, gets a seed naming no
    function that says where."""
    found = []
    for name, (summary, path, relpath) in summaries.items():
        if not summary.nnx_runs:
            continue
        caller, line, via = min(summary.nnx_runs)
        origin = f"`{caller}` in {path}:{line}, under `{via.replace('flax.nnx.', 'nnx.')}`"
        for module in _imported_closure(summaries, name):
            found.append((module, Seed("", NNX_RUNS, None, None, origin, (), (), False, relpath)))
    return found


def _imported_closure(summaries: Mapping[str, tuple[ModuleSummary, str, str]],
                      start: str) -> list[str]:
    """``start`` and the project modules it imports, directly or through each other."""
    seen = {start}
    frontier = [start]
    while frontier:
        for _alias, target in summaries[frontier.pop()][0].reexports:
            # `from .layers import Dense` names a member; `from . import layers` a module
            module = target if target in summaries else target.rpartition(".")[0]
            if module in summaries and module not in seen:
                seen.add(module)
                frontier.append(module)
    return sorted(seen)


def wrapper_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]],
                  aliases: Mapping[str, str]) -> list[tuple[str, Seed]]:
    """Seeds naming no function that tell a module which names it may import are the
    project's jit wrappers (``utils.staged``, re-exported by ``utils/__init__.py``):
    ``origin`` is the name, ``via`` the transform (module/wrappers.py), ``keywords`` the
    static keywords the wrapper rewrites (each with kind 0)."""
    # qualified name -> (transform, path, relpath, rewritten static keywords)
    wrappers: dict[str, tuple[str, str, str, tuple[str, ...]]] = {}
    for name, (summary, path, relpath) in summaries.items():
        for function, transform, rewritten in summary.wrappers:
            wrappers[f"{name}.{function}"] = (transform, path, relpath, rewritten)
    if not wrappers:
        return []
    names = dict(wrappers)
    names.update((alias, wrappers[target]) for alias in aliases  # re-exports of a wrapper
                 for target in [aliased(aliases, alias)] if target in wrappers)
    found = []
    for module, (summary, _path, _relpath) in summaries.items():
        imported = [target for _alias, target in summary.reexports]
        for name, (transform, _p, relpath, rewritten) in names.items():
            if name.rsplit(".", 1)[0] != module and any(
                    name == target or name.startswith(target + ".") for target in imported):
                keywords = tuple((keyword, 0) for keyword in rewritten)
                found.append((module, Seed("", transform, None, None, name, (), keywords,
                                           False, relpath)))
    return found


def jax_importer_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]]) -> list[tuple[str, Seed]]:
    """A module that never names JAX but imports from a project module that imports it
    (``from trax.backend import numpy as np``) is JAX code: a seed naming no function makes
    it analysed."""
    jax_modules = {name for name, (summary, _p, _r) in summaries.items() if summary.imports_jax}
    found = []
    for name, (summary, _path, _relpath) in summaries.items():
        if summary.imports_jax:
            continue
        for _alias, target in summary.reexports:
            module = next((m for m in jax_modules if target == m or target.startswith(m + ".")), None)
            if module is not None and module != name:
                path, relpath = summaries[module][1:]
                found.append((name, Seed("", "", None, None, f"`{module}` in {path}", (), (),
                                         False, relpath)))
                break
    return found


def override_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]],
                   aliases: Mapping[str, str]) -> list[tuple[str, Seed]]:
    """(module, seed) for each override, in another module, of a method that a traced
    method calls through ``self`` (``"Subclass.method"`` seeds; module/hierarchy.py)."""
    classes: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
    for name, (summary, _path, _relpath) in summaries.items():
        for cls, bases, methods in summary.classes:
            classes[f"{name}.{cls}"] = (name, tuple(aliases.get(b, b) for b in bases), methods)
    if not any(summary.self_calls for summary, _p, _r in summaries.values()):
        return []

    def ancestors(qualified: str) -> set[str]:
        found: set[str] = set()
        frontier = [qualified]
        while frontier:
            for base in classes.get(frontier.pop(), ("", (), ()))[1]:
                if base not in found:
                    found.add(base)
                    frontier.append(base)
        return found

    lineage = {qualified: ancestors(qualified) for qualified in classes}
    found = []
    for name, (summary, path, relpath) in summaries.items():
        for call in summary.self_calls:
            owner = aliased(aliases, call.owner) if call.typed else f"{name}.{call.owner}"
            for qualified, (module, _bases, methods) in classes.items():
                if module != name and call.method in methods and (
                        owner in lineage[qualified] or call.typed and owner == qualified):
                    function = f"{qualified[len(module) + 1:]}.{call.method}"
                    origin = (f"`{call.caller}` in {path}:{call.line} through a "
                              f"`{owner.rsplit('.', 1)[-1]}` parameter" if call.typed else
                              f"`{call.owner}.{call.caller}` in {path}:{call.line} "
                              f"through `self.{call.method}`")
                    found.append((module, Seed(function, call.via, call.caching, call.strict,
                                               origin, (), (), False, relpath)))
    return found


def receiver_seeds(summaries: Mapping[str, tuple[ModuleSummary, str, str]]) -> list[tuple[str, Seed]]:
    """(module, seed) for the method a traced function calls on a traced parameter
    (``cosmo.cache_set(k, v)``), when exactly one class of the project defines a method of
    that name and no array, container or library pytree has one (or the parameter is
    annotated with a project class that has it): an argument of a traced function that is
    an instance of a project class is that class's pytree, so the method runs in the trace
    on the caller's instance (``self`` traced: the seed's first kind)."""
    if not any(summary.receiver_calls for summary, _p, _r in summaries.values()):
        return []
    owners: dict[str, list[tuple[str, str]]] = {}  # method -> [(module, class)]
    for name, (summary, _path, _relpath) in summaries.items():
        for cls, _bases, methods in summary.classes:
            for method in methods:
                owners.setdefault(method, []).append((name, cls))
    aliases = {f"{name}.{alias}": target for name, (summary, _p, _r) in summaries.items()
               for alias, target in summary.reexports}
    found = []
    for name, (summary, path, relpath) in summaries.items():
        for call in summary.receiver_calls:
            if call.method.startswith("__"):
                continue
            classes = owners.get(call.method, [])
            annotated = aliases.get(call.annotated, call.annotated)
            if annotated:
                # `state: AverageState`: that class's method, whatever other classes have
                classes = [(m, c) for m, c in classes if f"{m}.{c}" == annotated]
            elif len(classes) != 1 or call.method in FOREIGN_METHODS:
                continue
            if len(classes) != 1:
                continue
            module, cls = classes[0]
            origin = f"`{call.caller}` in {path}:{call.line}, through `.{call.method}(...)` on an argument"
            found.append((module, Seed(f"{cls}.{call.method}", call.via, call.caching,
                                       call.strict, origin, (TRACED,), (), False, relpath,
                                       truths=call.truths)))
    return found
