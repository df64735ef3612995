"""Check one file's source: parse once, analyse once, run every enabled rule in one walk."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import libcst as cst

from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.infer import static_members
from jaxpure.analysis.flow.exported_returns import static_returns
from jaxpure.analysis.flow.domain import Handler
from jaxpure.analysis.flow.keystate import EVENTS
from jaxpure.analysis.pipeline import analyze
from jaxpure.analysis.module.hierarchy import class_facts, self_calls, typed_calls
from jaxpure.analysis.module.looped_calls import LOOPED_SELF_CALL, looped_abstract_calls
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.key_entries import answer_asks
from jaxpure.analysis.module.wrappers import jit_wrappers
from jaxpure.analysis.flow.domain import Layout
from jaxpure.analysis.flow.layouts import join as layout_join
from jaxpure.analysis.module.nnx_runs import merged_model_runs
from jaxpure.analysis.module.summary import (
    LIBRARY_PREFIXES,
    ExternalCall,
    LayoutCall,
    ModuleSummary,
    ReceiverCall,
    Seed,
    SelfCall,
)
from jaxpure.analysis.module.module_names import module_name as summary_module_name
from jaxpure.analysis.module.field_index import FieldNames
from jaxpure.analysis.module.field_markers import declared_leaf_fields, exported_field_factories
from jaxpure.analysis.module.flag_gates import exported_key_gates
from jaxpure.analysis.module.gate_index import KeyGate
from jaxpure.analysis.module.scan_wrappers import scan_wrappers
from jaxpure.analysis.module.handed_keys import exported_handed_keys
from jaxpure.analysis.module.split_returns import exported_split_returns
from jaxpure.analysis.module.undrawn_keys import exported_undrawn_keys, shape_tracing_units
from jaxpure.analysis.module.aux_decorators import exported_aux_decorators
from jaxpure.analysis.module.classes import container_fields
from jaxpure.analysis.module.contracts import exported_shape_parameters
from jaxpure.analysis.flow.narrowing import tracer_tests
from jaxpure.analysis.module.imported_keys import exported_closure_keys
from jaxpure.analysis.module.key_source_index import NO_KEY_SOURCES, KeySources
from jaxpure.analysis.module.key_sources import local_key_sources, source_calls
from jaxpure.findings import Edit, FileResult, Finding, Fix, Location
from jaxpure.parsing import NotParsed, SyntaxRejected, parse_module
from jaxpure.positions import node_positions
from jaxpure.prefilter import mentions_jax, textual_summary
from jaxpure.rules import all_rules
from jaxpure.rules.base import Report, Rule
from jaxpure.settings import Settings
from jaxpure.sources import (
    DECODE_ERRORS,
    MAX_FILE_BYTES,
    decode,
    line_starts,
    too_large_message,
)
from jaxpure.suppression import Suppressions

SYNTAX_ERROR = "JXP001"

all_rules()  # import every rule now, with the engine (under fastimport's code cache)


__all__ = ["MAX_FILE_BYTES", "decode", "analyze_source", "check_source"]


@lru_cache(maxsize=32)
def _rules_for(codes: tuple[str, ...]) -> tuple[type[Rule], ...]:
    return tuple(rule for rule in all_rules() if rule.code in codes)


@lru_cache(maxsize=32)
def _dispatch_for(codes: tuple[str, ...]) -> tuple[tuple[type, int, str], ...]:
    """(node type, index of the rule in _rules_for(codes), handler method name)."""
    found: list[tuple[type, int, str]] = []
    for i, rule in enumerate(_rules_for(codes)):
        for type_name, method in rule.handlers().items():
            node_type = _node_type(type_name)
            if node_type is not None:
                found.append((node_type, i, method))
    return tuple(found)


def _handlers_for(codes: tuple[str, ...]) -> dict[type, list[Handler]]:
    """Fresh rule instances for one file (their state is per file), by the nodes they visit."""
    rules = [rule() for rule in _rules_for(codes)]
    table: dict[type, list[Handler]] = {}
    for node_type, i, method in _dispatch_for(codes):
        table.setdefault(node_type, []).append(getattr(rules[i], method))
    return table


def _node_type(name: str) -> type | None:
    found = getattr(cst, name, None)
    if isinstance(found, type):
        return found
    return EVENTS.get(name)  # an analysis event (KeyReuse, KeyReuseInLoop)


def enabled_codes(settings: Settings, relpath: str | None = None) -> tuple[str, ...]:
    return tuple(
        rule.code
        for rule in all_rules()
        if settings.is_enabled(rule.code)
        and not (relpath is not None and settings.ignored_for_file(rule.code, relpath))
    )


@dataclass(frozen=True)
class FileAnalysis:
    result: FileResult
    summary: ModuleSummary | None = None


def check_source(
    source: str | bytes,
    filename: str,
    settings: Settings | None = None,
    *,
    relpath: str | None = None,
    package: str | None = None,
    seeds: Sequence[Seed] = (),
) -> FileResult:
    """All findings for one file. Never raises: failures come back as ``error``."""
    return analyze_source(source, filename, settings, relpath=relpath, package=package,
                          seeds=seeds).result


def analyze_source(
    source: str | bytes,
    filename: str,
    settings: Settings | None = None,
    *,
    relpath: str | None = None,
    package: str | None = None,
    seeds: Sequence[Seed] = (),
) -> FileAnalysis:
    """Findings plus the module's summary for analysis across modules (see summary.py)."""
    settings = settings or Settings()
    try:
        return _analyze(source, filename, settings, relpath, package, tuple(seeds))
    except RecursionError:
        return FileAnalysis(FileResult(filename, error="file is too deeply nested to analyse"))
    except Exception as error:  # noqa: BLE001 - a linter bug must not hide other files
        return FileAnalysis(FileResult(filename, error=(
            f"internal error while checking ({type(error).__name__}: {error}); please report it")))


def _analyze(source: str | bytes, filename: str, settings: Settings, relpath: str | None,
             package: str | None, seeds: tuple[Seed, ...]) -> FileAnalysis:
    if isinstance(source, bytes):
        if len(source) > MAX_FILE_BYTES:
            return FileAnalysis(FileResult(filename, error=too_large_message(len(source))))
        try:
            source = decode(source)
        except DECODE_ERRORS as error:
            return FileAnalysis(FileResult(filename, error=f"cannot decode file: {error}"))
    elif len(source) > MAX_FILE_BYTES:
        return FileAnalysis(FileResult(filename, error=too_large_message(len(source))))
    codes = enabled_codes(settings, relpath if relpath is not None else filename)
    module_name = summary_module_name(package, filename)
    if not seeds and not mentions_jax(source, settings):
        # nothing here can be traced unless another module's traced code calls it
        return FileAnalysis(FileResult(filename), textual_summary(module_name, package, source))
    try:
        module = parse_module(source)
    except NotParsed as refusal:  # CPython accepts it; libcst cannot (or must not) parse it
        return FileAnalysis(FileResult(filename, error=str(refusal)))
    except (cst.ParserSyntaxError, SyntaxRejected) as error:  # CPython rejects it too
        if SYNTAX_ERROR not in codes and not settings.is_enabled(SYNTAX_ERROR):
            return FileAnalysis(FileResult(filename))
        return FileAnalysis(FileResult(filename, (_syntax_finding(filename, source, error),)))
    findings, ctx = _run_rules(module, source, filename, settings, codes, package, seeds,
                               module_name, relpath)
    return FileAnalysis(FileResult(filename, findings), module_summary(module_name, source, ctx))


def _syntax_finding(filename: str, source: str,
                    error: cst.ParserSyntaxError | SyntaxRejected) -> Finding:
    # CPython's own parser points at the offending token where libcst's native parser
    # sometimes names a later line; ask it first (only files that fail get here)
    try:
        compile(source, filename, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as cpython_error:
        if cpython_error.lineno:
            location = Location(cpython_error.lineno, max(cpython_error.offset or 1, 1))
            return Finding(filename, SYNTAX_ERROR, "syntax-error",
                           f"syntax error: {cpython_error.msg}", location, location)
    except (ValueError, RecursionError, MemoryError):
        pass
    message = str(error.message).strip().splitlines()[0] if error.message else "invalid syntax"
    line, column = error.editor_line, error.editor_column
    # the native parser reports the statement start; its message has the exact spot
    exact = re.search(r"error at (\d+):(\d+): ?(.*)", message)
    if exact:
        line, column = int(exact.group(1)), int(exact.group(2))
        message = exact.group(3) or message
    location = Location(line, max(column, 1))
    return Finding(filename, SYNTAX_ERROR, "syntax-error", f"syntax error: {message}",
                   location, location)


def _run_rules(
    module: cst.Module,
    source: str,
    filename: str,
    settings: Settings,
    codes: tuple[str, ...],
    package: str | None,
    seeds: tuple[Seed, ...] = (),
    module_name: str = "",
    relpath: str | None = None,
) -> tuple[tuple[Finding, ...], Context]:
    handlers = _handlers_for(codes)
    ctx = analyze(
        module,
        handlers,
        package=package,
        transforms=dict(settings.transforms),
        static_helpers=frozenset(settings.static_helpers),
        seeds=list(seeds),
        module_name=module_name,
        traced=settings.traced,
        named_exprs=":=" in source,
        unimported=filename.lower().endswith(".ipynb"),  # a notebook is never imported
        test_file=settings.is_test_file(relpath if relpath is not None else filename),
    )
    reports: list[Report] = ctx.reports  # type: ignore[assignment]
    if not reports:
        return (), ctx
    positions = node_positions(module, source, _reported_nodes(reports))
    names = {rule.code: rule.name for rule in all_rules()}
    suppressions = Suppressions.of(source) if settings.respect_noqa else None
    findings: dict[tuple[str, int, int], Finding] = {}
    for report in reports:
        finding = _finding(report, positions, module, filename, names[report.code])
        if finding is None:
            continue
        if suppressions is not None and suppressions.suppresses(finding.code,
                                                                finding.location.row):
            continue
        findings.setdefault((finding.code, finding.location.row, finding.location.column), finding)
    return tuple(sorted(findings.values(), key=lambda f: f.sort_key)), ctx


def _reported_nodes(reports: Sequence[Report]) -> list[cst.CSTNode]:
    nodes: list[cst.CSTNode] = []
    for report in reports:
        nodes.append(report.node)
        nodes.extend(report.related)
        if report.replacement is not None:
            nodes.append(report.replacement.node)
    return nodes


def _finding(report: Report, positions: dict, module: cst.Module, filename: str,
             name: str) -> Finding | None:
    span = positions.get(report.node)
    if span is None:
        return None
    start = Location(span.start.line, span.start.column + 1)
    end = Location(span.end.line, span.end.column + 1)
    message, detail = report.message, report.detail
    for i, node in enumerate(report.related):
        related = positions.get(node)
        line = str(related.start.line) if related else "?"
        message = message.replace(f"{{line{i}}}", line)
        detail = detail.replace(f"{{line{i}}}", line)
    fix = None
    if report.replacement is not None:
        replacement = report.replacement
        target = positions.get(replacement.node)
        if target is not None:
            content = module.code_for_node(replacement.new)
            edit = Edit(content, Location(target.start.line, target.start.column + 1),
                        Location(target.end.line, target.end.column + 1))
            fix = Fix(replacement.title, replacement.applicability, (edit,))
    return Finding(filename, report.code, name, message, start, end, fix, detail=detail)


# --- summaries for analysis across modules ------------------------------------------------

# a `def` statement's first line, matched only at the start of a line
_DEF_LINE = re.compile(r"[ \t]*(?:async\s+)?def\s+(\w+)")


@lru_cache(maxsize=1)
def _def_lines(source: str) -> dict[str, list[int]]:
    """The lines of the ``def name`` statements of each name, in order, as a search of the
    whole text for ``LINE_START + _DEF_LINE`` finds them, trying the line starts only: a
    regular expression starting with a lookbehind is tried at every character, for each of
    the summary's parts (once per module now; the callers only read the answer)."""
    lines: dict[str, list[int]] = {}
    end = 0  # a match never starts inside the previous one, as with re.finditer
    for row, start in enumerate(line_starts(source), 1):
        if start < end:
            continue
        match = _DEF_LINE.match(source, start)
        if match is not None:
            lines.setdefault(match.group(1), []).append(row)
            end = match.end()
    return lines


def _unit_line(lines: dict[str, list[int]], index: ModuleIndex, unit: Unit) -> int:
    """The line of ``unit``'s ``def``: of a name defined several times (each class's
    ``__call__``), the one at its place among the module's functions of that name, which
    the index holds in the order of the text (the first when the text's count differs: a
    ``def`` line inside a string)."""
    rows = lines.get(unit.name)
    if not rows:
        return 0
    if len(rows) > 1:
        same = [u for u in index.units if u.name == unit.name and type(u.node) is cst.FunctionDef]
        if len(same) == len(rows):
            return rows[same.index(unit)]
    return rows[0]


def module_summary(name: str, source: str, ctx: Context) -> ModuleSummary:
    calls: list[ExternalCall] = []
    if ctx.external_calls:
        lines = _def_lines(source)
        for unit, callee, positional, keywords, given, jnp_args, truths, non_integer, forwarded \
                in ctx.external_calls:
            info = ctx.traced_analysis.info.get(id(unit))
            if info is None or info.via is None:
                continue
            calls.append(ExternalCall(callee, unit.name, _unit_line(lines, ctx.index, unit),
                                      info.via, info.caching_via, info.strict_via, positional, keywords,
                                      info.stateful, given, jnp_args, truths,
                                      ctx.traced_analysis.is_construction(unit), non_integer,
                                      forwarded))
    calls.extend(_transformed_imports(source, ctx))
    # `import pkg` too (no dot): annotations name the classes it re-exports (`pkg.Group`)
    reexports = tuple(
        (alias, target) for alias, target in ctx.index.imports.aliases.items()
        if not (target + ".").startswith(LIBRARY_PREFIXES)
    ) + _assigned_aliases(ctx)
    classes = class_facts(ctx.index, ctx.resolver, name) if ctx.index.class_nodes else ()
    imports_jax = any(target.split(".", 1)[0] in JAX_PACKAGES
                      for target in ctx.index.imports.aliases.values())
    conditions, fields = ctx.facts.class_facts.summary(name) if ctx.index.class_nodes else ((), ())
    return ModuleSummary(name, frozenset(ctx.index.defs), tuple(calls), reexports, classes,
                         _self_calls(source, ctx, bool(classes)), imports_jax,
                         jit_wrappers(ctx.index, ctx.resolver), static_members(ctx),
                         _receiver_calls(source, ctx), _nnx_runs(source, ctx),
                         conditions, fields, _layout_calls(source, ctx), _field_names(ctx),
                         tuple(sorted(ctx.entry_asks, key=repr)),
                         answer_asks(ctx.resolver, ctx.index, ctx.facts.entry_uses,
                                     ctx.facts.entry_asked) if ctx.facts.entry_asked else (),
                         _key_gates(ctx),
                         exported_closure_keys(ctx.resolver, ctx.index),
                         scan_wrappers(ctx.resolver, ctx.index),
                         exported_handed_keys(ctx.resolver, ctx.index),
                         exported_aux_decorators(ctx.index, ctx.resolver),
                         _container_fields(ctx), tracer_tests(ctx.index, ctx.resolver),
                         static_returns(ctx), _key_sources(ctx),
                         exported_shape_parameters(ctx.resolver, _traced_from_outside(ctx)),
                         exported_undrawn_keys(ctx.resolver, ctx.index),
                         exported_split_returns(ctx.resolver, ctx.index))


def _key_gates(ctx: Context) -> tuple[KeyGate, ...]:
    """The module's gated keys (flag_gates.py). A module none of whose functions draws has
    none, but for the functions that trace something for its shapes alone: their other
    branch may draw through a call not seen (`self.init(rngs, x)` unless `eval_only`:
    maxdiffusion's init_weights)."""
    shaped = shape_tracing_units(ctx.resolver, ctx.index)
    if ctx.facts.key_params.module_draws():
        return exported_key_gates(ctx.resolver, ctx.index, ctx.facts.imported_scan_wrappers,
                                  shaped=shaped)
    return exported_key_gates(ctx.resolver, ctx.index, ctx.facts.imported_scan_wrappers,
                              shaped, shaped) if shaped else ()


def _traced_from_outside(ctx: Context) -> frozenset[int]:
    """The ids of the module's functions another module's traced code calls."""
    return frozenset(unit_id for unit_id, info in ctx.traced_analysis.info.items()
                     if info.external_origin is not None)


def _key_sources(ctx: Context) -> KeySources:
    """The methods of the module's classes that hand out a new key at each call, and those
    its functions call on key-named values (module/key_source_index.py)."""
    methods, calls = local_key_sources(ctx.resolver, ctx.index), source_calls(ctx.index)
    return KeySources(tuple(sorted(methods)), calls) if methods or calls else NO_KEY_SOURCES


def _container_fields(ctx: Context) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """For the class facts: each class of the module with the fields its body annotates as
    Python containers (module/classes.py), read on its instances in other modules."""
    found = ((name, tuple(sorted(container_fields(ctx.index, name))))
             for name in ctx.index.class_nodes)
    return tuple((name, fields) for name, fields in found if fields)


def _field_names(ctx: Context) -> FieldNames:
    """The field names the module's classes declare static and leaves, and those its traced
    code reads on values of no known class (module/field_index.py)."""
    read = tuple(sorted(ctx.facts.unseen_class_reads))
    factories = exported_field_factories(ctx.module, ctx.index, ctx.resolver)
    if not ctx.index.class_nodes:
        return FieldNames(read=read, factories=factories)
    static = ctx.facts.class_facts.local_static_fields
    data = declared_leaf_fields(ctx.module, ctx.index, ctx.resolver, static)
    sure = static & ctx.facts.class_facts.sure_fields
    # properties static on every instance are read like fields (`conf.dim`); the others
    # are no evidence for a field of their name
    properties, other = ctx.facts.class_facts.property_fields()
    return FieldNames(tuple(sorted(static | properties)), tuple(sorted(data | other)), read,
                      tuple(sorted(sure)), factories)


def _layout_calls(source: str, ctx: Context) -> tuple[LayoutCall, ...]:
    """Traced calls of other modules' functions with the layouts of their arguments."""
    if not ctx.layout_calls:
        return ()
    lines = _def_lines(source)
    # traced or not, every call shows how the project builds what it passes; the calls of
    # one callee filling the same positions and keywords are joined into one
    joined: dict[tuple, tuple[Unit, list[Layout | None]]] = {}
    for unit, callee, bound, layouts in ctx.layout_calls:
        key = (callee, bound, tuple(where for where, _layout in layouts))
        known = joined.get(key)
        parts = [layout for _where, layout in layouts]
        joined[key] = (unit, parts) if known is None else \
            (known[0], [layout_join(a, b) for a, b in zip(known[1], parts)])
    return tuple(
        LayoutCall(callee, unit.name, _unit_line(lines, ctx.index, unit), bound, tuple(
            (where, None if layout is None else tuple(sorted(layout.items())))
            for where, layout in zip(wheres, parts)))
        for (callee, bound, wheres), (unit, parts) in joined.items())


def _receiver_calls(source: str, ctx: Context) -> tuple[ReceiverCall, ...]:
    """``cosmo.cache_set(k, v)`` on a traced parameter in the module's traced functions."""
    if not ctx.receiver_calls:
        return ()
    lines = _def_lines(source)
    found: dict[tuple, ReceiverCall] = {}
    for unit, method, annotated, truths in ctx.receiver_calls:
        info = ctx.traced_analysis.info.get(id(unit))
        if info is None or info.via is None:
            continue
        found.setdefault((unit.name, method, annotated, truths), ReceiverCall(
            method, unit.name, _unit_line(lines, ctx.index, unit), info.via, info.caching_via,
            info.strict_via, annotated, truths))
    return tuple(found.values())


def _assigned_aliases(ctx: Context) -> tuple[tuple[str, str], ...]:
    """``staged = staging.staged`` at module level, bound once: a re-export of the project
    name, as ``from .staging import staged`` would be."""
    found = []
    for name, bindings in ctx.index.bindings.items():
        value = bindings[0].value if len(bindings) == 1 and not bindings[0].augmented else None
        if type(value) is not cst.Attribute or name in ctx.index.imports.aliases:
            continue
        qual = ctx.resolver.qualname(value, None)
        if qual is not None and "." in qual and not qual.startswith(LIBRARY_PREFIXES):
            found.append((name, qual))
    return tuple(found)


def _nnx_runs(source: str, ctx: Context) -> tuple[tuple[str, int, str], ...]:
    runs = merged_model_runs(ctx.index, ctx.resolver, ctx.traced_analysis)
    if not runs:
        return ()
    lines = _def_lines(source)
    return tuple((unit.name, _unit_line(lines, ctx.index, unit), via) for unit, via in runs)


def _transformed_imports(source: str, ctx: Context) -> list[ExternalCall]:
    """``jax.jit(jax.vmap(lines.gamma))``: the imported function is traced by the transform
    (its arguments of unknown kind: the application does not say what is passed)."""
    found = []
    for t, target, unit, node in ctx.traced_analysis.imported_targets:
        qual = ctx.resolver.qualname(target, unit)
        if qual is None or "." not in qual or qual.startswith(LIBRARY_PREFIXES):
            continue
        text = ctx.module.code_for_node(node)
        line = source[:max(source.find(text), 0)].count("\n") + 1
        found.append(ExternalCall(qual, unit.name if unit is not None else "<module>", line,
                                  t.name, t.name if t.caching else None,
                                  None if t.concrete else t.name, (), ()))
    return found


# a module importing one of these is JAX code, and so are the modules importing from it
JAX_PACKAGES = frozenset({"jax", "jaxlib", "flax", "equinox", "haiku", "optax"})


def _self_calls(source: str, ctx: Context, has_classes: bool) -> tuple[SelfCall, ...]:
    """``self.m(...)`` in the module's traced methods, and ``p.m(...)`` on parameters
    annotated with classes of other modules (overrides elsewhere are traced)."""
    infos = ctx.traced_analysis.info

    def traced(unit: Unit) -> bool:
        info = infos.get(id(unit))
        return info is not None and info.via is not None

    off_trace = ctx.given.off_trace_calls  # on paths no trace takes (flow/unreached.py)
    found = [(owner, unit, method, False) for owner, unit, method in
             (self_calls(ctx.index, traced, off_trace) if has_classes else [])]
    found += [(owner, unit, method, True) for owner, unit, method in
              typed_calls(ctx.index, ctx.resolver, traced, off_trace)]
    # and abstract methods run in a loop: a subclass elsewhere repeats its override
    looped = looped_abstract_calls(ctx.index) if has_classes else []
    if not found and not looped:
        return ()
    lines = _def_lines(source)
    calls = []
    for owner, unit, method, typed in found:
        info = infos[id(unit)]
        calls.append(SelfCall(owner, method, unit.name, _unit_line(lines, ctx.index, unit),
                              info.via or "", info.caching_via, info.strict_via, typed))
    calls += [SelfCall(owner, method, unit.name, _unit_line(lines, ctx.index, unit),
                       LOOPED_SELF_CALL, None, None) for owner, unit, method in looped]
    return tuple(calls)
