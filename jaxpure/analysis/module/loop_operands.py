"""The keys in a lax loop's carry that its functions only split and carry on.

``lax.while_loop(cond, step, (state, rng))`` whose ``step`` does ``rng, sub =
jax.random.split(rng)``, hands ``rng`` back in the carry and never draws from ``rng`` or
``sub`` (a greedy evaluation: an argmax action, a deterministic step) draws nothing from
the key: no random number comes from it or from any key derived from it, on any
iteration. So passing it is no use of the key (flashbax's evaluation loops reset the
environment with ``rng`` first). A child handed anywhere but back into the carry's own
place, or any other read that may draw (keyparams.leaves_key), makes it a use; so do
functions this module cannot resolve."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.branch_operands import positional_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import (
    leaves_key, operand_unpacking, parameter_reads)
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import contains, statements, target_names

# primitive -> (position of the initial carry, ((position of a function, position of
# the parameter the carry arrives in), ...), whether the function returns (carry, y))
LOOP_CARRIES: dict[str, tuple[int, tuple[tuple[int, int], ...], bool]] = {
    "jax.lax.while_loop": (2, ((0, 0), (1, 0)), False),
    "jax.lax.fori_loop": (3, ((2, 1),), False),
    "jax.lax.scan": (1, ((0, 0),), True),
}
SPLITS = frozenset({"jax.random.split"})


def carried_keys_undrawn(resolver: Resolver, index: ModuleIndex, call: cst.Call,
                         qualname: str | None, unit: Unit | None) -> set[int]:
    """The ids of the elements of ``call``'s initial carry (or of the carry itself) that
    every function of the loop leaves undrawn; empty for any other call."""
    layout = LOOP_CARRIES.get(qualname or "")
    if layout is None or any(arg.keyword is not None or arg.star for arg in call.args):
        return set()
    carry_at, functions, pairs = layout
    if len(call.args) <= max(carry_at, *(at for at, _ in functions)):
        return set()
    carry = call.args[carry_at].value
    elements = _elements(carry)
    kept = set(range(len(elements))) if elements is not None else {-1}
    for function_at, param_at in functions:
        function = resolver.function(call.args[function_at].value, unit)
        param = positional_name(function, param_at) if function is not None else None
        if function is None or param is None:
            return set()
        kept = {at for at in kept
                if _carried_undrawn(resolver, index, function, param, at, pairs)}
    if elements is None:
        return {id(carry)} if kept else set()
    return {id(elements[at]) for at in kept}


def _elements(carry: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The values of a tuple carry written out (``(state, rng)``), else None."""
    if type(carry) is not cst.Tuple or any(type(e) is not cst.Element for e in carry.elements):
        return None
    return [e.value for e in carry.elements]


def _carried_undrawn(resolver: Resolver, index: ModuleIndex, function: Unit, param: str,
                     at: int, pairs: bool) -> bool:
    """Whether ``function`` draws nothing from the key at ``at`` of the carry it gets as
    ``param`` (-1: the whole carry is the key)."""
    if at < 0:
        return _name_undrawn(resolver, index, function, param, None, at, pairs)
    reads = parameter_reads(function, param)
    if reads is not None and reads and all(_other_element(chain, at) for chain in reads):
        return True  # `lambda val: val[3] == False`
    unpacking = operand_unpacking(function, param)
    if unpacking is None:
        return False
    names, line = unpacking
    return at < len(names) and _name_undrawn(resolver, index, function, names[at], line, at, pairs)


def _other_element(chain: list[cst.CSTNode], at: int) -> bool:
    """``val[3]``: a read of another element of the carry, by a constant index."""
    if len(chain) < 2 or type(chain[1]) is not cst.Subscript or chain[1].value is not chain[0]:
        return False
    elements = chain[1].slice
    if len(elements) != 1 or type(elements[0].slice) is not cst.Index:
        return False
    number = elements[0].slice.value
    return type(number) is cst.Integer and int(number.value) != at


def _name_undrawn(resolver: Resolver, index: ModuleIndex, function: Unit, name: str,
                  after: cst.CSTNode | None, at: int, pairs: bool) -> bool:
    """Whether each read of the key ``name`` (from the statement after ``after``) leaves
    it undrawn, or splits it into children that are never read or only handed back at
    the carry's place ``at``."""
    reads = parameter_reads(function, name, after=after)
    if reads is None:
        return False
    for chain in reads:
        if leaves_key(resolver, index, function, chain, frozenset()):
            continue
        split = _split_statement(resolver, function, chain)
        if split is None:
            return False
        statement, children = split
        if not all(_child_carried(resolver, index, function, child, statement, at, pairs)
                   for child in children):
            return False
    return True


def _split_statement(resolver: Resolver, function: Unit, chain: list[cst.CSTNode]
                     ) -> tuple[cst.CSTNode, set[str]] | None:
    """``rng, sub = jax.random.split(rng)``, a statement of the function's body: that
    statement and the names of the children."""
    if len(chain) < 5 or type(chain[1]) is not cst.Arg or type(chain[2]) is not cst.Call \
            or type(chain[3]) is not cst.Assign or chain[3].value is not chain[2] \
            or resolver.qualname(chain[2].func, function) not in SPLITS:
        return None
    assign, line = chain[3], chain[4]
    body = function.node.body
    if not isinstance(body, cst.BaseSuite) or not any(line is s for s in statements(body)):
        return None
    names: set[str] = set()
    for target in assign.targets:
        names.update(target_names(target.target))
    return line, names


def _child_carried(resolver: Resolver, index: ModuleIndex, function: Unit, child: str,
                   statement: cst.CSTNode, at: int, pairs: bool) -> bool:
    reads = parameter_reads(function, child, after=statement)
    if reads is None:
        return False
    return all(_handed_back_at(chain, at, pairs)
               or not any(type(node) is cst.Return for node in chain)
               and leaves_key(resolver, index, function, chain, frozenset())
               for chain in reads)


def _handed_back_at(chain: list[cst.CSTNode], at: int, pairs: bool) -> bool:
    """``return state, rng`` (``return (state, rng), y`` for scan), the child at the
    carry's place ``at`` (-1: ``return rng``)."""
    returned = next((node for node in chain if type(node) is cst.Return), None)
    if returned is None or returned.value is None:
        return False
    carry: cst.BaseExpression | None = returned.value
    if pairs:
        elements = _elements(carry) if carry is not None else None
        carry = elements[0] if elements is not None and len(elements) == 2 else None
    if carry is None:
        return False
    if at < 0:
        return carry is chain[0]
    elements = _elements(carry)
    return elements is not None and at < len(elements) and elements[at] is chain[0] \
        and contains(returned, chain[0])
