"""Scan wrappers: a project's own function that runs ``jax.lax.scan`` for its caller, handing
each element of its ``xs`` parameter to its ``f`` parameter and reading ``xs`` otherwise only
for its length.

GPJax's ``vscan(f, init, xs, ...)`` (gpjax/scan.py) adds a progress bar: it reads
``len(tree_leaves(xs)[0])`` and scans ``_body_fun`` over ``(_iter_nums, xs)``, where
``_body_fun`` unpacks ``iter_num, x`` and calls ``f(carry, x)``. A key array scanned through
such a wrapper reaches nothing but ``f``'s second parameter, as with ``lax.scan`` itself
(module/default_gates.py asks, for a key split over the iterations of a scan). Across
modules, the summaries name each module's scan wrappers (module/gate_index.py).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import operand_unpacking, parameter_reads
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import call_arg, positional_args

__all__ = ["SCAN", "result_reads", "scan_parts", "scan_wrappers"]

SCAN = "jax.lax.scan"
_LEAVES = frozenset({"jax.tree_util.tree_leaves", "jax.tree.leaves"})


def scan_wrappers(resolver: Resolver, index: ModuleIndex) -> tuple[tuple[str, str, str], ...]:
    """(function, its body parameter, its ``xs`` parameter) for each module-level function
    (bound once) that is a scan wrapper: its first parameter is the body, its third the
    scanned values."""
    found = []
    for name, unit in index.defs.items():
        positional = [p for p in unit.params if p.index >= 0 and not p.star]
        if len(positional) < 3 or len(index.bindings.get(name, ())) > 1:
            continue
        if not any(resolver.qualname(call.func, unit) == SCAN for call in unit.calls):
            continue  # most functions scan nothing: their bodies need no walk
        body, xs = positional[0].name, positional[2].name
        if body not in unit.assigned and xs not in unit.assigned \
                and _scans_into(resolver, unit, body, xs):
            found.append((name, body, xs))
    return tuple(found)


def scan_parts(call: cst.Call, qual: str | None, wrappers: frozenset[str], local: bool = False
               ) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(body, xs) of ``call``, a ``jax.lax.scan`` or a call of a scan wrapper (``qual`` its
    qualified name, ``wrappers`` the imported wrappers' as the module names them; ``local``:
    it runs one of the module's own)."""
    if qual == SCAN:
        body, xs = call_arg(call, 0, "f"), call_arg(call, 2, "xs")
    elif (local or qual in wrappers) and len(positional_args(call)) >= 3:
        body, xs = call_arg(call, 0), call_arg(call, 2)
    else:
        return None
    return (body, xs) if body is not None and xs is not None else None


def _scans_into(resolver: Resolver, unit: Unit, body: str, xs: str) -> bool:
    """Every read of ``xs`` in ``unit`` is measured (``len(tree_leaves(xs)[0])``) or scanned
    by ``jax.lax.scan`` into ``body``'s second argument."""
    reads = parameter_reads(unit, xs)
    if not reads:
        return False
    return all(_measured(resolver, unit, chain) or _scanned(resolver, unit, chain, body)
               for chain in reads)


def _measured(resolver: Resolver, unit: Unit, chain: list[cst.CSTNode]) -> bool:
    """``leaves = tree_leaves(xs)``, bound once, read only inside ``len(...)``."""
    reads = result_reads(resolver, unit, chain, _LEAVES)
    return reads is not None and all(_in_len(read) for read in reads)


def result_reads(resolver: Resolver, unit: Unit, chain: list[cst.CSTNode],
                 functions: frozenset[str]) -> list[list[cst.CSTNode]] | None:
    """For a read (a chain from :func:`keyparams.parameter_reads`) that is the first
    argument of a call of one of ``functions`` bound, alone on its line of the function's
    body, to a name bound nowhere else (``keys = split(key, n)``): the reads of that name
    after it (their chains); None for any other read, or when a nested function reads it."""
    if len(chain) != 5 or type(chain[1]) is not cst.Arg or chain[1].keyword is not None \
            or type(chain[2]) is not cst.Call or chain[2].args[0] is not chain[1] \
            or resolver.qualname(chain[2].func, unit) not in functions \
            or type(chain[3]) is not cst.Assign or chain[3].value is not chain[2] \
            or len(chain[3].targets) != 1 or type(chain[3].targets[0].target) is not cst.Name:
        return None
    line = chain[4]
    if type(line) is not cst.SimpleStatementLine or len(line.body) != 1:
        return None  # `keys = split(key); k = keys`: a read on the same line
    name = chain[3].targets[0].target.value
    if unit.assigned.get(name) != 1 or name in unit.declared_global:
        return None
    return parameter_reads(unit, name, after=line)


def _in_len(chain: list[cst.CSTNode]) -> bool:
    """``len(leaves)`` / ``len(leaves[0])``."""
    parent = chain[1] if len(chain) > 1 else None
    i = 2 if type(parent) is cst.Subscript and parent.value is chain[0] else 1
    call = chain[i + 1] if len(chain) > i + 1 else None
    return type(chain[i]) is cst.Arg and type(call) is cst.Call \
        and type(call.func) is cst.Name and call.func.value == "len"


def _scanned(resolver: Resolver, unit: Unit, chain: list[cst.CSTNode], body: str) -> bool:
    """``lax.scan(body, init, xs)``, or ``lax.scan(g, init, (other, xs))`` with ``g`` a
    function nested here that unpacks its second argument and hands the element of ``xs``
    to ``body(carry, x)`` only."""
    position = None
    i = 1
    held = chain[2] if len(chain) > 2 else None
    if type(chain[1]) is cst.Element and type(held) is cst.Tuple:
        position = list(held.elements).index(chain[1])
        i = 3
    call = chain[i + 1] if len(chain) > i + 1 else None
    if type(chain[i]) is not cst.Arg or type(call) is not cst.Call:
        return False
    parts = scan_parts(call, resolver.qualname(call.func, unit), frozenset())
    if parts is None or parts[1] is not chain[i - 1]:
        return False
    func = parts[0]
    if position is None:
        return type(func) is cst.Name and func.value == body
    inner = resolver.function(func, unit)
    if inner is None or inner.parent is not unit or inner.binds(body):
        return False
    params = [p for p in inner.params if p.index >= 0 and not p.star]
    unpacked = operand_unpacking(inner, params[1].name) if len(params) == 2 else None
    if unpacked is None or position >= len(unpacked[0]):
        return False
    names, line = unpacked
    reads = parameter_reads(inner, names[position], after=line)
    return bool(reads) and all(_handed_to(read, body) for read in reads or ())


def _handed_to(chain: list[cst.CSTNode], body: str) -> bool:
    """``body(carry, x)``: the read ``chain`` is the second argument of a call of ``body``."""
    call = chain[2] if len(chain) > 2 else None
    return type(chain[1]) is cst.Arg and type(call) is cst.Call \
        and type(call.func) is cst.Name and call.func.value == body \
        and call_arg(call, 1) is chain[0]
