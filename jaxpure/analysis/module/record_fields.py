"""Whether a function handed a record leaves one of its fields alone.

A record holding a key (``training_state.key``) handed whole to a helper is a use of that key
only if the helper may reach the field. QDax's ``self._compute_reward(samples,
training_state, returns)`` reads ``training_state.discriminator_params`` and nothing else of
the record; the key field is split afterwards by ``_update_networks``, its only use. A helper
that reads the field, passes the record on, calls a method of it (``replace``, which keeps
the key) or never reads it at all (a method may be a stub its subclasses override) may
reach it.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import parameter_reads
from jaxpure.analysis.module.overrides import method_alternatives, same_parameter
from jaxpure.analysis.module.resolve import Resolver


def field_left_alone(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
                     field: str, depth: int = 0) -> bool:
    """Whether ``unit`` and every other definition of its method in the module's classes
    read ``param`` only as other plain fields (``param.params``), never ``param.<field>``,
    or hand it whole to functions of the module that do so in turn (DADS's
    ``self._compute_diversity_reward(training_state=training_state)``)."""
    if depth > _MAX_DEPTH:
        return False
    for other in method_alternatives(resolver, index, unit):
        name = param if other is unit else same_parameter(unit, param, other)
        if name is None or not _reads_other_fields_only(resolver, index, other, name, field,
                                                        depth):
            return False
    return True


# helpers handing the record on, followed (a bound on recursion through the module)
_MAX_DEPTH = 3


def _reads_other_fields_only(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
                             field: str, depth: int) -> bool:
    reads = parameter_reads(unit, param)
    if not reads:
        return False  # not known, or never read (a stub a subclass may override)
    for chain in reads:
        name, parent = chain[0], chain[1] if len(chain) > 1 else None
        if type(parent) is cst.Arg and parent.value is name and not parent.star:
            call = chain[2] if len(chain) > 2 else None
            if type(call) is not cst.Call \
                    or not _handed_on_alone(resolver, index, unit, parent, call, field, depth):
                return False
            continue
        if type(parent) is not cst.Attribute or parent.value is not name \
                or parent.attr.value == field:
            return False
        above = chain[2] if len(chain) > 2 else None
        if type(above) is cst.Call and above.func is parent:
            return False  # `param.replace(...)`: a method of the record, which may keep it
    return True


def _handed_on_alone(resolver: Resolver, index: ModuleIndex, unit: Unit, arg: cst.Arg,
                     call: cst.Call, field: str, depth: int) -> bool:
    """The record, handed as ``arg`` of ``call``, goes to a function of the module that
    leaves the field alone."""
    callee = resolver.function(call.func, unit)
    passed = callee.arguments_of(call, past_keywords=True) if callee is not None else None
    target = next((p for p, given in (passed or {}).items() if given is arg.value), None)
    return callee is not None and target is not None \
        and field_left_alone(resolver, index, callee, target, field, depth + 1)
