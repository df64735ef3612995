"""Parameters every traced call fills: the branches of a helper no trace takes.

``def resample(key, log_w, n=None): if n is None: n = int(...)`` is a helper that eager
callers may call without ``n``; when every call the analysis sees from traced code passes
``n`` a value that cannot be ``None`` (a literal, an array, an arithmetic result), the
branch under ``if n is None:`` (and the ``else`` of ``if n is not None:``) never runs under
a trace, so it is walked as untraced code, for every rule. The calls are the traced calls of
this module (recorded by the walk, callers before callees: callsites.py) and those of other
modules (the ``given`` of each seed: module/summary.py).

So with a flag every traced call passes as a literal: ``def inverse(self, skip_checks=False):
if not skip_checks: <NumPy checks>`` called as ``blt.inverse(skip_checks=True)`` from every
jitted function (its docstring: "necessary in jitted contexts") runs the checks only
eagerly, and the branch is walked as untraced code (the truths of literal arguments ride on
the seeds of other modules' calls too, receivers' included).

So with a key: ``def dual_fun(x, key=None): key = key if key is not None else PRNGKey(0)``
(an assignment that keeps what the caller passed wherever it is not ``None``, so no
rebinding) whose traced callers are closures passing the solver's ``key``, bound once before
their ``def`` to a value that is not ``None``: the fallback key is made only eagerly.

It holds only for a function traced through visible calls alone: a function a transform
is applied to (``jax.jit(f)``, a lax body, a ``jax.tree.map`` function), or traced by a
framework's contract, is called with what JAX or its users pass, unseen. A parameter the
function rebinds outside its ``None`` branch no longer holds what the callers passed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

import libcst as cst

from jaxpure.analysis.flow.dtypes import Qualname, integer_tests, never_integer
from jaxpure.analysis.module.default_gates import literal_truth
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.module.summary import Truths
from jaxpure.analysis.module.traced import Origin, TracedAnalysis
from jaxpure.analysis.syntax import (COMPREHENSIONS, children, none_test, single_assignment,
                                     statements, target_names)

T = TypeVar("T")

# literals and displays: never None
_NEVER_NONE_NODES = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                     cst.ConcatenatedString, cst.FormattedString, cst.Tuple, cst.List,
                     cst.Dict, cst.Set, cst.Lambda, cst.BinaryOperation, cst.UnaryOperation,
                     cst.Comparison, *COMPREHENSIONS)
# builtins whose result is never None
_NEVER_NONE_CALLS = frozenset({
    "builtins.int", "builtins.float", "builtins.bool", "builtins.complex", "builtins.str",
    "builtins.len", "builtins.tuple", "builtins.list", "builtins.dict", "builtins.set",
    "builtins.range", "builtins.abs", "builtins.round", "builtins.sum", "builtins.min",
    "builtins.max",
})
# functions returning arrays (or dtypes, shapes): never None
_ARRAY_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.random.", "jax.scipy.", "numpy.")
_SHAPE_ATTRIBUTES = frozenset({"shape", "ndim", "size", "dtype"})


def never_none(expr: cst.BaseExpression | None,
               qualname: Callable[[cst.BaseExpression], str | None],
               fields: frozenset[str] = frozenset()) -> bool:
    """Whether ``expr`` (an argument, or a default) certainly is not ``None``, by its form:
    a literal, a display, an operator's result, a builtin that returns a value, a
    ``jnp``/``lax``/NumPy function's array, an array's shape (``x.shape[0]``), a field the
    project's classes declare of a type that is no ``None`` (``fields``: ``nbrs.max_occupancy``
    where every class declaring ``max_occupancy`` says ``int``). Not a name: its kind joins
    the paths it was bound on, ``None`` among them perhaps."""
    if expr is None:
        return False
    if isinstance(expr, _NEVER_NONE_NODES):
        return True
    if type(expr) is cst.Name:
        return expr.value in ("True", "False")
    if type(expr) is cst.IfExp:
        return never_none(expr.body, qualname, fields) and never_none(expr.orelse, qualname, fields)
    if type(expr) is cst.BooleanOperation:
        return never_none(expr.left, qualname, fields) and never_none(expr.right, qualname, fields)
    if type(expr) is cst.Attribute and expr.attr.value in fields:
        return True
    if type(expr) is cst.Subscript:
        expr = expr.value  # `x.shape[0]`
    if type(expr) is cst.Attribute:
        return expr.attr.value in _SHAPE_ATTRIBUTES
    if type(expr) is cst.Call:
        qual = qualname(expr.func) or ""
        return qual in _NEVER_NONE_CALLS or qual.startswith(_ARRAY_NAMESPACES)
    return False


def literal_never_none(expr: cst.BaseExpression | None) -> bool:
    """A default that is not ``None`` whatever the scope: a literal or a display."""
    return never_none(expr, lambda _e: None)


def given_parameters(callee: Unit, call: cst.Call, shift: int,
                     is_given: Callable[[cst.BaseExpression], bool]) -> frozenset[str]:
    """The parameters of ``callee`` that ``call`` fills with a value that is not ``None``
    (``is_given``), or leaves to a default that is not; ``shift`` leading parameters are
    filled by the call's receiver (``self``)."""
    passed, defaults = filled_parameters(callee, call, shift)
    given = {name for name, value in passed.items() if is_given(value)}
    given.update(p.name for p in defaults if literal_never_none(p.default))
    return frozenset(given)


def non_integer_parameters(callee: Unit, call: cst.Call, shift: int,
                           qualname: Qualname) -> frozenset[str]:
    """The parameters of ``callee`` that ``call`` fills with a value of no integer dtype
    (flow/dtypes.py), or leaves to such a default (``labels=None``)."""
    passed, defaults = filled_parameters(callee, call, shift)
    found = {name for name, value in passed.items() if never_integer(value, qualname)}
    found.update(p.name for p in defaults if never_integer(p.default, lambda _e: None))
    return frozenset(found)


def literal_truths(callee: Unit, call: cst.Call, shift: int,
                   truth_of: Callable[[cst.BaseExpression], bool | None] = lambda _e: None
                   ) -> dict[str, bool]:
    """The parameters of ``callee`` that ``call`` fills with a literal (``True``, ``None``,
    ``0``, ``"sum"``), or leaves to a literal default, with the literal's truth value; or
    fills with another value whose truth ``truth_of`` knows (a flag passed on)."""
    passed, defaults = filled_parameters(callee, call, shift)
    found = {p.name: truth for p in defaults if (truth := literal_truth(p.default)) is not None}
    found.update((name, truth) for name, value in passed.items()
                 if (truth := literal_truth(value)) is not None
                 or (truth := truth_of(value)) is not None)
    return found


def passed_truths(call: cst.Call,
                  truth_of: Callable[[cst.BaseExpression], bool | None] = lambda _e: None
                  ) -> Truths:
    """The literal arguments of a call to a function of another module (its parameters
    unknown here), by keyword, or by position before any ``*args``, with their truth; and
    the other arguments whose truth ``truth_of`` knows (a flag passed on)."""
    found: list[tuple[int | str, bool]] = []
    position, spread = 0, False
    for arg in call.args:
        spread = spread or arg.star == "*"
        truth = None if arg.star else literal_truth(arg.value)
        if truth is None and not arg.star:
            truth = truth_of(arg.value)
        if arg.keyword is None and not arg.star and not spread:
            position += 1
        if truth is None or arg.keyword is None and spread:
            continue
        found.append((arg.keyword.value if arg.keyword is not None else position - 1, truth))
    return tuple(found)


def non_integer_arguments(call: cst.Call, qualname: Qualname) -> tuple[int | str, ...]:
    """The arguments of a call to a function of another module that have no integer dtype
    (flow/dtypes.py), by keyword, or by position before any ``*args``."""
    found: list[int | str] = []
    for position, arg in enumerate(call.args):
        if arg.star == "*":
            break
        if not arg.star and never_integer(arg.value, qualname):
            found.append(arg.keyword.value if arg.keyword is not None else position)
    return tuple(found)


def filled_parameters(callee: Unit, call: cst.Call,
                      shift: int) -> tuple[dict[str, cst.BaseExpression], list[Param]]:
    """What ``call`` passes for each parameter of ``callee`` it names or reaches by
    position, and the parameters it certainly leaves to their defaults (none when it
    spreads ``*args``/``**kwargs``: whatever they hold, None included); ``shift`` leading
    parameters are filled by the call's receiver (``self``)."""
    positional = [p for p in callee.params if p.index >= 0 and not p.star]
    passed: dict[str, cst.BaseExpression] = {}
    position, spread = shift, False
    for arg in call.args:
        if arg.star:
            spread = True
            continue
        if arg.keyword is not None:
            name = arg.keyword.value
        elif not spread:
            position += 1  # (below 0: `model.apply(variables, x)` fills no parameter)
            if not 0 <= position - 1 < len(positional):
                continue
            name = positional[position - 1].name
        else:
            continue
        passed[name] = arg.value
    defaults = [] if spread else [p for p in callee.params
                                  if p.name not in passed and not p.star and p.default is not None]
    return passed, defaults


def rebound_outside_none_branch(unit: Unit, name: str) -> bool:
    """Whether ``unit`` binds ``name`` anywhere but under ``if name is None:`` (or in the
    ``else`` of ``if name is not None:``), where the trace never goes; ``name = name if
    name is not None else <default>`` binds it to what it held wherever it was not
    ``None`` (the default is on the path the trace never takes), so it is no rebinding."""
    def ruled_out(test: cst.BaseExpression) -> tuple[bool, bool]:
        found = none_test(test)
        if found is None or found[0] != name:
            return False, False
        return found[1], not found[1]  # `is None` holding: the body; failing: the else
    return rebound_outside(unit, name, ruled_out, keeps_given=True)


def none_default(value: cst.BaseExpression | None, name: str) -> cst.BaseExpression | None:
    """The default of ``name if name is not None else <default>`` (or ``<default> if name
    is None else name``): the value stands for ``name`` wherever that is not ``None``."""
    if type(value) is not cst.IfExp:
        return None
    tested = none_test(value.test)
    if tested is None or tested[0] != name:
        return None
    kept, default = (value.orelse, value.body) if tested[1] else (value.body, value.orelse)
    return default if type(kept) is cst.Name and kept.value == name else None


def rebound_outside(unit: Unit, name: str,
                    ruled_out: Callable[[cst.BaseExpression], tuple[bool, bool]],
                    keeps_given: bool = False) -> bool:
    """Whether ``unit`` binds ``name`` anywhere but in a branch the trace never goes:
    ``ruled_out(test)`` says whether an ``if``'s body, and its ``else``, is one. With
    ``keeps_given``, ``name = name if name is not None else <default>`` is no binding."""
    node = unit.node
    if type(node) is not cst.FunctionDef:
        return True
    stack: list[tuple[cst.CSTNode, bool]] = [(s, False) for s in statements(node.body)]
    while stack:
        current, guarded = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if keeps_given and type(current) is cst.Assign and len(current.targets) == 1 \
                and _names(current.targets[0].target, name) \
                and none_default(current.value, name) is not None:
            stack.append((current.value, guarded))  # `key = key if key is not None else ...`
            continue
        if type(current) is cst.If:
            body_out, orelse_out = ruled_out(current.test)
            stack.append((current.test, guarded))
            stack.extend((s, guarded or body_out) for s in statements(current.body))
            if current.orelse is not None:
                stack.append((current.orelse, guarded or orelse_out))
            continue
        if not guarded and name in _bound_by(current):
            return True
        stack.extend((child, guarded) for child in children(current))
    return False


def copied_parameter(unit: Unit, name: str) -> str | None:
    """The parameter a local only copies: ``nbrs = neighbors``, the local's one binding (a
    test of it where that binding has not run would fail)."""
    if type(unit.node) is not cst.FunctionDef or unit.assigned.get(name) != 1:
        return None
    value = single_assignment(unit.node.body, name)
    return value.value if type(value) is cst.Name and unit.param(value.value) is not None \
        else None


def top_level_value(node: cst.FunctionDef, name: str) -> cst.BaseExpression | None:
    """What ``name`` holds after the statement of the function's body itself (not of a
    branch or loop, so run on every call that gets past it) that binds it, for a test that
    it is not ``None``: the value of ``name = value`` (the default of ``name = name if name
    is not None else default``), or of ``name = value`` under ``if name is None:``."""
    for line in node.body.body if type(node.body) is cst.IndentedBlock else ():
        small: cst.CSTNode = line
        if type(line) is cst.If and line.orelse is None and none_test(line.test) == (name, True):
            found = statements(line.body)  # `if key is None: key = PRNGKey(0)`
            small = found[0] if len(found) == 1 else line
        if type(small) is cst.SimpleStatementLine and len(small.body) == 1:
            small = small.body[0]
        if type(small) is cst.Assign and len(small.targets) == 1 \
                and _names(small.targets[0].target, name):
            default = none_default(small.value, name)
            return small.value if default is None else default
    return None


def rebound_nonlocal(outer: Unit, name: str) -> bool:
    """Whether a function nested (at any depth) in ``outer`` declares ``name`` nonlocal."""
    stack = list(outer.nested.values())
    while stack:
        current = stack.pop()
        if name in current.declared_nonlocal:
            return True
        stack.extend(current.nested.values())
    return False


def _names(target: cst.BaseExpression, name: str) -> bool:
    return type(target) is cst.Name and target.value == name


def _bound_by(node: cst.CSTNode) -> list[str]:
    """The names ``node`` itself binds (not its children)."""
    if type(node) is cst.AssignTarget:
        return target_names(node.target)
    if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
        return target_names(node.target)
    if type(node) is cst.AsName and type(node.name) is cst.Name:
        return [node.name.value]
    if type(node) is cst.Del:
        return target_names(node.target)
    return []


@dataclass
class GivenFacts:
    """What the walk learns of traced calls, for :meth:`never_none_parameter`."""

    # (id of a call, id of the function it runs) -> the parameters it fills, not with None
    at_call: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    # (id of a call, id of the function it runs) -> the truth of each literal it passes
    truths_at_call: dict[tuple[int, int], dict[str, bool]] = field(default_factory=dict)
    traced_calls: set[int] = field(default_factory=set)  # ids of calls walked as traced
    walked: set[int] = field(default_factory=set)  # ids of the units walked so far
    # ids of calls walked as untraced code in traced functions (flow/unreached.py), and the
    # calls of each function of the module (id -> (caller, call)), built when first asked
    off_trace_calls: set[int] = field(default_factory=set)
    callers_of: dict[int, list[tuple[Unit, cst.Call | None]]] | None = None
    # a seeded function ("dense", "Env.rewards") -> the parameters every caller elsewhere
    # fills, not with None
    seeded: dict[str, frozenset[str]] = field(default_factory=dict)
    # a seeded function ("inverse", "Toeplitz.inverse") -> the truth of the literals every
    # caller elsewhere passes
    seeded_truths: dict[str, dict[str, bool]] = field(default_factory=dict)
    # (id of a call, id of the function it runs) -> the parameters it fills with a value of
    # no integer dtype (flow/dtypes.py)
    non_integer_at_call: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    # a seeded function -> the parameters every caller elsewhere fills so
    seeded_non_integer: dict[str, frozenset[str]] = field(default_factory=dict)
    # field names every class of the project declaring them types as no None (``int``, a
    # class): this module's and those the seeds name (module/field_index.py)
    sure_fields: frozenset[str] = frozenset()
    # (id of a unit, name) -> whether the unit binds the name outside its None branch
    _rebound: dict[tuple[int, str], bool] = field(default_factory=dict)
    # (id of a unit, name) -> whether the name it reads from its enclosing function is
    # not None there (_closed_over_never_none)
    _closed_over: dict[tuple[int, str], bool] = field(default_factory=dict)
    # (id of a unit, name) -> the truth of the flag it passes on (passed_truth)
    _passed_truths: dict[tuple[int, str], bool | None] = field(default_factory=dict)
    # (id of a unit, name) -> the truth of a flag it reads from its defining function;
    # and the (unit, name) of the `if name:`/`if not name:` the walk met (closure_flags.py)
    closure_truths: dict[tuple[int, str], bool | None] = field(default_factory=dict)
    flag_tests: set[tuple[int, str]] = field(default_factory=set)
    # (id of a unit, name) -> whether it binds the name outside its integer-dtype branch
    _rebound_integer: dict[tuple[int, str], bool] = field(default_factory=dict)

    def rebound(self, unit: Unit, name: str) -> bool:
        key = (id(unit), name)
        found = self._rebound.get(key)
        if found is None:
            found = self._rebound[key] = rebound_outside_none_branch(unit, name)
        return found

    def never_none_name(self, traced: TracedAnalysis, unit: Unit | None, name: str,
                        declares_instance: Callable[[cst.BaseExpression | None], bool]
                        ) -> bool:
        """A parameter of ``unit`` passed on as it came (``S=num_samples``): not ``None``
        when declared a Python scalar or a class with no ``None`` default (``num_samples:
        int``, ``neighbors: NeighborList``), or when every traced call of ``unit`` fills it
        so; or a name ``unit`` reads from the function it is defined in, bound there to
        such a value before the ``def``."""
        p = unit.param(name) if unit is not None else None
        if unit is not None and p is None and name not in unit.assigned:
            return self._closed_over_never_none(traced, unit, name)
        if unit is None or p is None or p.star:
            return False
        if declares_instance(p.annotation) \
                and not (type(p.default) is cst.Name and p.default.value == "None"):
            return not self.rebound(unit, name)
        return self.never_none_parameter(traced, unit, name)

    def never_none_parameter(self, traced: TracedAnalysis, unit: Unit | None, name: str) -> bool:
        """Whether parameter ``name`` of ``unit`` is not ``None`` in any trace the analysis
        knows: every traced call of it fills it so, and every transform applied to it
        through a ``partial`` binds it to such a value (see the module's docstring). A
        local that only copies a parameter (``nbrs = neighbors``) is asked of as that."""
        if unit is not None and unit.param(name) is None:
            if name not in unit.assigned:
                return self._closed_over_never_none(traced, unit, name)
            copied = copied_parameter(unit, name)
            return copied is not None and self.never_none_parameter(traced, unit, copied)
        if unit is None or not self._known_parameter(traced, unit, name):
            return False
        if traced.info[id(unit)].external_origin is not None:
            seeded = self.seeded.get(_seed_name(unit))
            if seeded is None or name not in seeded:
                return False
        origins = [o for o in traced.origins if o.target is unit]
        if not all(self._bound_never_none(traced, o, name) for o in origins):
            return False
        given = self._at_traced_calls(traced, unit, self.at_call, bool(origins))
        return given is not None and all(name in g for g in given) \
            and not self.rebound(unit, name)

    def _closed_over_never_none(self, traced: TracedAnalysis, unit: Unit, name: str) -> bool:
        """A name ``unit`` reads from the function it is defined in, bound there once, by a
        statement of its body that runs before the ``def`` (``key = key if key is not None
        else PRNGKey(0)``, then ``def _loss(...): dual_fun(..., key)``) to a value that is
        not ``None`` (top_level_value): whenever the closure runs, the name holds that
        value (no ``nonlocal`` rebinds it)."""
        key = (id(unit), name)
        found = self._closed_over.get(key)
        if found is None:
            found = self._closed_over[key] = self._closed_over_value(traced, unit, name)
        return found

    def _closed_over_value(self, traced: TracedAnalysis, unit: Unit, name: str) -> bool:
        outer = unit.parent
        if outer is None or unit.parent_is_class or name in unit.declared_global \
                or type(outer.node) is not cst.FunctionDef or outer.assigned.get(name) != 1 \
                or name in outer.declared_global or name in outer.declared_nonlocal \
                or not all(o < unit.order for o in outer.binding_orders.get(name, [])) \
                or rebound_nonlocal(outer, name):
            return False
        value = top_level_value(outer.node, name)
        if value is None:
            return False
        return never_none(value, lambda e: traced.resolver.qualname(e, outer), self.sure_fields)

    def _bound_never_none(self, traced: TracedAnalysis, origin: Origin, name: str) -> bool:
        """``lax.cond(p, x, partial(f, n=2), ...)``: the transform runs ``f`` with what the
        ``partial`` binds, never with ``n``'s default."""
        value = dict(origin.bound_values).get(name)
        return value is not None and never_none(
            value, lambda e: traced.resolver.qualname(e, origin.container), self.sure_fields)

    def never_integer_parameter(self, traced: TracedAnalysis, unit: Unit | None,
                                name: str) -> bool:
        """Whether parameter ``name`` of ``unit`` has no integer dtype in any trace the
        analysis knows (flow/dtypes.py): every traced call fills it so, every ``partial``
        a transform runs it through binds it so, and the function rebinds it only where
        a test of its integer-ness holds (a branch no such trace takes)."""
        if unit is None or not self._known_parameter(traced, unit, name):
            return False
        if traced.info[id(unit)].external_origin is not None \
                and name not in self.seeded_non_integer.get(_seed_name(unit), frozenset()):
            return False
        origins = [o for o in traced.origins if o.target is unit]
        if not all(_bound_never_integer(traced, o, name) for o in origins):
            return False
        found = self._at_traced_calls(traced, unit, self.non_integer_at_call, bool(origins))
        return found is not None and all(name in f for f in found) \
            and not self._rebound_outside_integer_branch(traced, unit, name)

    def _rebound_outside_integer_branch(self, traced: TracedAnalysis, unit: Unit,
                                        name: str) -> bool:
        key = (id(unit), name)
        found = self._rebound_integer.get(key)
        if found is None:
            def ruled_out(test: cst.BaseExpression) -> tuple[bool, bool]:
                tested = integer_tests(test, lambda e: traced.resolver.qualname(e, unit))
                return name in tested, False
            found = self._rebound_integer[key] = rebound_outside(unit, name, ruled_out)
        return found

    def constant_truth(self, traced: TracedAnalysis, unit: Unit | None, name: str) -> bool | None:
        """The truth value parameter ``name`` of ``unit`` has in every trace the analysis
        knows, when every traced call passes it a literal (or leaves it to a literal
        default) of that truth: ``if not skip_checks:`` under ``inverse(skip_checks=True)``
        is a branch no trace takes. None when a call passes anything else, or the function
        rebinds the name."""
        seeded = self.seeded_truths.get(_seed_name(unit)) if unit is not None else None
        if unit is None or name in unit.assigned or _applied(traced, unit) \
                or not self._known_parameter(traced, unit, name, seeded is not None):
            return None
        truths = self._at_traced_calls(traced, unit, self.truths_at_call)
        if truths is None:
            return None
        found = {t.get(name) for t in truths}
        if traced.info[id(unit)].external_origin is not None:
            found.add(seeded.get(name) if seeded is not None else None)
        return found.pop() if len(found) == 1 and None not in found else None

    def passed_truth(self, traced: TracedAnalysis, unit: Unit | None,
                     value: cst.BaseExpression) -> bool | None:
        """The truth a flag ``unit`` passes on as it came (``dynamic_unroll=dynamic_unroll``)
        has in every trace (constant_truth); asked of a parameter with a literal default
        only, the form flags take, to spare the search of the calls for other names."""
        if type(value) is not cst.Name or unit is None:
            return None
        p = unit.param(value.value)
        if p is None or literal_truth(p.default) is None:
            return None
        key = (id(unit), value.value)
        if key not in self._passed_truths:
            self._passed_truths[key] = self.constant_truth(traced, unit, value.value)
        return self._passed_truths[key]

    def forwarded_truths(self, traced: TracedAnalysis, unit: Unit | None, callee: Unit,
                         call: cst.Call, shift: int) -> dict[str, bool]:
        """The parameters of ``callee`` that ``call`` fills from ``unit``'s own ``**kwargs``
        (``max_eigen(f, *args, **kwargs)``) with a literal every traced call of ``unit``
        passes under that keyword (``dynamic_unroll=True``): the dict holds it, and a
        spread ``*args`` cannot fill the parameter too (that raises). Only for a ``**``
        parameter ``unit`` neither rebinds nor changes, of a function traced through
        visible calls alone (this module's, and other modules' through their seeds)."""
        spread = next((a.value for a in call.args if a.star == "**"), None)
        if unit is None or type(spread) is not cst.Name:
            return {}
        name = spread.value
        p = unit.param(name)
        index = traced.index
        if p is None or p.star != "**" or name in unit.assigned \
                or (unit, name) in index.mutations or (unit, name) in index.store_mutations:
            return {}
        info = traced.info.get(id(unit))
        if info is None or not info.traced or info.contract is not None or info.custom_rule \
                or info.kwargs_sources or _applied(traced, unit):
            return {}
        truths = self._at_traced_calls(traced, unit, self.truths_at_call)
        if truths is not None and info.external_origin is not None:
            seeded = self.seeded_truths.get(_seed_name(unit))  # the calls of other modules
            truths = None if seeded is None else [*truths, seeded]
        if not truths:
            return {}
        passed, _ = filled_parameters(callee, call, shift)
        found: dict[str, bool] = {}
        for q in callee.params:
            if q.star or q.name in passed or unit.param(q.name) is not None:
                continue  # a named parameter of `unit` is never in its `**kwargs`
            values = {t.get(q.name) for t in truths}
            truth = values.pop() if len(values) == 1 else None
            if truth is not None:
                found[q.name] = truth
        return found

    @staticmethod
    def _known_parameter(traced: TracedAnalysis, unit: Unit, name: str,
                         receivers_known: bool = False) -> bool:
        """A parameter its function gets from visible calls only (see the module's
        docstring), not ``self``. A method called on its callers' traced arguments
        (``traced_self``) counts when what those calls pass is known (``receivers_known``:
        each seed says)."""
        info = traced.info.get(id(unit))
        # a function a transform is applied to counts when `partial`s bind the parameter
        # at every application (never_none_parameter asks)
        if info is None or not info.traced or info.contract is not None \
                or info.custom_rule or info.traced_self and not receivers_known \
                or info.kwargs_sources:
            return False
        p = unit.param(name)
        return p is not None and not p.star and not (
            unit.parent_is_class and p.index == 0 and not unit.is_staticmethod)

    def _at_traced_calls(self, traced: TracedAnalysis, unit: Unit,
                         facts: Mapping[tuple[int, int], T],
                         applied: bool = False) -> list[T] | None:
        """What ``facts`` says of each traced call of ``unit`` on a path the trace takes;
        None when a call is not known yet (its caller is walked after ``unit``: a cycle) or
        was not recorded, or when no module-local call, no seed and no transform
        (``applied``) reaches ``unit``."""
        calls = [(caller, call) for caller, callee, call in traced.edges if callee is unit
                 and (caller_info := traced.info.get(id(caller))) is not None
                 and caller_info.traced]
        if not calls and not applied and traced.info[id(unit)].external_origin is None:
            return None
        found = []
        for caller, call in calls:
            if id(caller) not in self.walked:
                return None  # walked after this function (a cycle): its calls are unknown
            if id(call) not in self.traced_calls:
                continue  # on a path of the caller the trace never takes
            fact = facts.get((id(call), id(unit)))
            if fact is None:
                return None
            found.append(fact)
        return found


def _bound_never_integer(traced: TracedAnalysis, origin: Origin, name: str) -> bool:
    """``partial(f, labels=jax.nn.one_hot(y, k))`` applied a transform: ``f`` runs with
    what the ``partial`` binds."""
    return never_integer(dict(origin.bound_values).get(name),
                         lambda e: traced.resolver.qualname(e, origin.container))


def _applied(traced: TracedAnalysis, unit: Unit) -> bool:
    info = traced.info.get(id(unit))
    return info is not None and bool(info.origins)


def _seed_name(unit: Unit) -> str:
    return f"{unit.class_name}.{unit.name}" if unit.parent_is_class else unit.name
