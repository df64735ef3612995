"""Functions every trace reaches only on paths it never takes.

``initialize_state(task, key, do_init_rules=True)`` applies ``task.apply_rules(state)``
only ``if do_init_rules:``, and its one traced caller passes ``do_init_rules=False`` (paxml's
``init_model_from_seed``: "checkpoint loading has to be done after partitioning"): the
branch is walked as untraced code (flow/given.py), and so the helper it calls is reached by
no trace. A function traced (module/traced.py) through calls of this module alone, each of
which the walk met on a path the trace never takes, in a caller walked before it (callers
come first: module/trace_order.py), is walked as untraced code; so in turn are the functions
only it calls. A function a transform is applied to, one seeded by another module, traced by
contract or as a custom rule, or a method run on a caller's traced pytree, keeps its trace.

The calls met off the trace in traced functions (recorded by flow/callsites.py) are not
handed to other modules either (``p.method(...)`` on a parameter annotated with another
module's class: engine.py).
"""

from __future__ import annotations

from jaxpure.analysis.flow.given import GivenFacts
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.traced import TracedAnalysis, TraceInfo

__all__ = ["reached_off_trace_only"]


def reached_off_trace_only(traced: TracedAnalysis, given: GivenFacts, unit: Unit,
                           info: TraceInfo | None) -> bool:
    """Whether ``unit`` (with its trace ``info``) is traced only through calls of this
    module the walk met off the trace (see the module's docstring)."""
    if not given.off_trace_calls or info is None or not info.traced or info.origins \
            or info.external_origin is not None or info.custom_rule \
            or info.contract is not None or info.traced_self or info.kwargs_sources:
        return False  # the common case: no call was met off the trace
    edges = given.callers_of
    if edges is None:
        edges = given.callers_of = {}
        for caller, callee, call in traced.edges:
            edges.setdefault(id(callee), []).append((caller, call))
        for owner, rule, _role in traced.rule_edges:
            edges.setdefault(id(rule), []).append((owner, None))
    found = False
    for caller, site in edges.get(id(unit), ()):
        if not traced.is_traced(caller):
            continue  # an eager caller
        if site is None or id(caller) not in given.walked \
                or id(site) not in given.off_trace_calls:
            return False  # a traced call, or one not known yet (a cycle)
        found = True
    return found
