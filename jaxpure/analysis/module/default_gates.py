"""Draws gated by a parameter left at its default: a function that draws from its key only
under ``if batch_size != -1:`` (``-1`` the default of ``batch_size``), so that a call not
passing ``batch_size`` draws nothing from the key.

GPJax's ``fit(..., key=jr.PRNGKey(42), batch_size=-1, ...)`` (gpjax/fit.py) splits its key
into one key per iteration, ``iter_keys = jr.split(key, num_iters)``, and scans ``step(carry,
key)`` over them (through ``jax.lax.scan`` or its own ``vscan``: module/scan_wrappers.py);
``step`` draws a mini-batch from its key only ``if batch_size != -1:``. An example fitting on
the full batch (``gpx.fit(model=..., key=key)``) after drawing its data from ``key`` uses
the key once.

A gate is named as module/flag_gates.py names a flag, the parameter, prefixed with ``=``
when the key is drawn from only when the parameter is not left at its default (see
:func:`off_by_default`): the tests ``p != D`` / ``p is not None`` (the body), ``p == D`` /
``p is None`` (the ``else``), with ``D`` the default of ``p`` as written.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import leaves_key, parameter_reads
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.scan_wrappers import SCAN, result_reads, scan_parts, scan_wrappers

__all__ = ["DEFAULT", "NEGATED", "gate_of_test", "gate_off", "gate_param", "literal_truth",
           "off_by_default", "off_default", "split_into_scan_gate"]

DEFAULT = "="  # prefixes a gate that is off when its parameter is left at its default
NEGATED = "!"  # prefixes a flag gate that is off when the flag is true
# prefixes, in the summaries, a flag gate whose flag defaults to a literal that leaves it off
# (the importer sees the call, not the default)
OFF_DEFAULT = "?"
_SPLIT = frozenset({"jax.random.split"})
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.Name)


def off_by_default(gate: str, passed: dict[str, cst.BaseExpression] | None) -> bool:
    """Whether a call that passes ``passed`` (by parameter; None: a spread may fill any)
    leaves the default gate ``gate`` off: it does not pass the parameter."""
    return gate.startswith(DEFAULT) and passed is not None and gate[1:] not in passed


def gate_param(gate: str) -> str:
    """The parameter a gate tests."""
    return gate.lstrip(DEFAULT + NEGATED + OFF_DEFAULT)


def gate_off(gate: str, passed: dict[str, cst.BaseExpression] | None,
             default: cst.BaseExpression | None = None) -> bool:
    """Whether a call passing ``passed`` (by parameter; None: a spread may fill any) leaves
    ``gate`` off: a flag gate given a literal of the other truth (``shuffle=False`` for
    ``if shuffle:``, ``deterministic=True`` for ``if not deterministic:``), or left to its
    ``default`` when that is such a literal (``?``: a default known to be one); a default
    gate not given its parameter."""
    if passed is None:
        return False
    if gate.startswith(DEFAULT):
        return off_by_default(gate, passed)
    name = gate_param(gate)
    if name not in passed and gate.startswith(OFF_DEFAULT):
        return True
    truth = literal_truth(passed[name] if name in passed else default)
    return truth is not None and truth is (NEGATED in gate)


def off_default(gate: str, default: cst.BaseExpression | None) -> str:
    """``gate`` as a summary carries it: marked when its flag's ``default`` leaves it off."""
    return OFF_DEFAULT + gate if not gate.startswith(DEFAULT) and default is not None \
        and gate_off(gate, {}, default) else gate


def literal_truth(value: cst.BaseExpression | None) -> bool | None:
    """The truth of a literal (``False``, ``None``, ``0``, ``""``); None for anything else."""
    if type(value) is cst.Name:
        return {"True": True, "False": False, "None": False}.get(value.value)
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
        return bool(value.evaluated_value)
    return None


def gate_of_test(owner: Unit, test: cst.BaseExpression, body: bool,
                 inner: Unit | None = None) -> str | None:
    """The gate (a flag, ``!flag`` for a flag that must be false, or ``=param``) that
    ``test`` of an ``if`` puts on its ``body`` (or, ``body`` False, on its ``else``): a
    parameter of ``owner`` never rebound there, nor in ``inner`` (a function nested in
    ``owner`` whose code the ``if`` is in)."""
    negated = type(test) is cst.UnaryOperation and type(test.operator) is cst.Not
    flag = test.expression if negated else test  # type: ignore[attr-defined]
    if type(flag) is cst.Name and _constant(owner, inner, flag.value):
        # `if train:`, `if not deterministic:`, and the `else` of either
        return flag.value if body is not negated else NEGATED + flag.value
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or type(test.left) is not cst.Name:
        return None
    name = test.left.value
    target = test.comparisons[0]
    differs = (cst.NotEqual, cst.IsNot) if body else (cst.Equal, cst.Is)
    param = owner.param(name)
    if type(target.operator) not in differs or param is None or param.default is None \
            or not _constant(owner, inner, name) or not _literal(param.default) \
            or not _same(param.default, target.comparator):
        return None
    return DEFAULT + name


def split_into_scan_gate(resolver: Resolver, index: ModuleIndex, unit: Unit,
                         chain: list[cst.CSTNode], wrappers: frozenset[str]) -> str | None:
    """For a read of a key (a chain from :func:`keyparams.parameter_reads`) that is
    ``keys = jax.random.split(key, n)``: the gate under which alone the scan ``keys`` is
    handed to may draw from them (``scan(step, init, keys)``, ``step(carry, key)`` reading
    its key only under ``if batch_size != -1:``, ``batch_size`` a parameter of ``unit``)."""
    reads = result_reads(resolver, unit, chain, _SPLIT)
    if not reads:
        return None
    gates = {_scanned_gate(resolver, index, unit, read, wrappers) for read in reads}
    return gates.pop() if len(gates) == 1 else None


def _scanned_gate(resolver: Resolver, index: ModuleIndex, unit: Unit,
                  chain: list[cst.CSTNode], wrappers: frozenset[str]) -> str | None:
    """The gate of the body of the scan ``chain`` hands the keys to as its ``xs``."""
    if len(chain) < 3 or type(chain[1]) is not cst.Arg or type(chain[2]) is not cst.Call:
        return None
    call = chain[2]
    parts = _scan_parts(resolver, index, unit, call, wrappers)
    if parts is None or parts[1] is not chain[0]:
        return None
    body = resolver.function(parts[0], unit)
    if body is None or body.parent is not unit:
        return None
    params = [p for p in body.params if p.index >= 0 and not p.star]
    reads = parameter_reads(body, params[1].name) if len(params) == 2 else None
    if not reads:
        return None
    gates = {None if leaves_key(resolver, index, body, read, frozenset()) else
             _gate_over(unit, body, read) for read in reads}
    gates.discard(None)
    return gates.pop() if len(gates) == 1 and "" not in gates else None


def _scan_parts(resolver: Resolver, index: ModuleIndex, unit: Unit, call: cst.Call,
                wrappers: frozenset[str]) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(body, xs) of a scan: ``jax.lax.scan``, a scan wrapper, or a name bound once to a
    choice of them (``scan = vscan if verbose else jax.lax.scan``)."""
    func = call.func
    if type(func) is cst.Name:
        bound = single_value(index, unit, func.value)
        if bound is not None and type(bound[0]) is cst.IfExp:
            choices = (bound[0].body, bound[0].orelse)
            if all(_scan_of(resolver, index, call, c, bound[1], wrappers) is not None
                   for c in choices):
                return scan_parts(call, SCAN, wrappers)
            return None
    return _scan_of(resolver, index, call, func, unit, wrappers)


def _scan_of(resolver: Resolver, index: ModuleIndex, call: cst.Call, func: cst.BaseExpression,
             scope: Unit | None, wrappers: frozenset[str]
             ) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(body, xs) of ``call`` if ``func`` (read in ``scope``) is a scan."""
    callee = resolver.function(func, scope)
    local = callee is not None and callee.parent is None and not callee.parent_is_class \
        and any(callee.name == found[0] for found in scan_wrappers(resolver, index))
    return scan_parts(call, resolver.qualname(func, scope), wrappers, local)


def _gate_over(owner: Unit, inner: Unit, chain: list[cst.CSTNode]) -> str | None:
    """The gate an ``if`` around the read ``chain`` (in ``inner``) puts on it, tested on a
    parameter of ``owner`` (``""`` when there is none, so that the read is ungated)."""
    for node, parent in zip(chain, chain[1:]):
        if type(parent) is cst.If and (node is parent.body or node is parent.orelse):
            gate = gate_of_test(owner, parent.test, node is parent.body, inner)
            if gate is not None:
                return gate
    return ""


def _constant(owner: Unit, inner: Unit | None, name: str) -> bool:
    """A parameter of ``owner`` it never rebinds, nor ``inner`` binds."""
    return name in owner.param_names and name not in owner.assigned \
        and (inner is None or not inner.binds(name) and name not in inner.declared_nonlocal)


def _literal(node: cst.BaseExpression) -> bool:
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        node = node.expression
    return isinstance(node, _LITERALS) and (type(node) is not cst.Name
                                            or node.value in ("None", "True", "False"))


def _same(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    code = cst.Module([]).code_for_node
    return _literal(b) and code(a).strip() == code(b).strip()
