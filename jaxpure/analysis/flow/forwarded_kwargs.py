"""What a function's ``**kwargs`` holds under each keyword, when it passes them on.

perch's pmapped step calls ``final_loss(outputs, ..., taxonomy_loss_weight=w, **batch)``
with ``w`` a Python float of its configuration; ``final_loss(outputs, ...,
**kwargs_for_supervised)`` passes them on with ``supervised_loss(outputs, ...,
**kwargs_for_supervised)``, whose ``taxonomy_loss_weight`` parameter tests ``if w != 0``.
The dict also holds ``batch``'s traced entries, but under the key ``taxonomy_loss_weight``
it holds ``w`` only: a ``**batch`` holding that key too would raise ("got multiple values").
So a keyword a forwarded ``**kwargs`` fills has the kinds the function's callers give that
keyword: those naming it, joined with the spreads of those that do not. This is said only
for a ``**`` parameter the function neither rebinds nor changes, of a function traced
through this module's callers alone (not by a transform of its own, not from another
module), whose every call site is then recorded.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.traced import TraceInfo

# each call passing `**options` to a function (by id): the keywords it names, the spread's kind
SpreadSites = dict[int, list[tuple[frozenset[str], int]]]


def record_spread_site(sites: SpreadSites, callee_id: int, call: cst.Call, spread: int) -> None:
    """A call passing ``**options`` (of kind ``spread``) to a function: any keyword it
    does not name may come from there."""
    named = frozenset(a.keyword.value for a in call.args if a.keyword is not None)
    sites.setdefault(callee_id, []).append((named, spread))


def forwarded_keywords(unit: Unit | None, index: ModuleIndex, info: TraceInfo | None,
                       seeded: bool, given: dict[str, int],
                       sites: list[tuple[frozenset[str], int]],
                       arg: cst.Arg, wanted: list[str]) -> dict[str, int]:
    """For ``**kwargs`` (``arg``) of the walked function ``unit``'s own ``**`` parameter:
    the kind each of the ``wanted`` keywords holds, for those its callers show (``given``:
    the keywords they name, ``sites``: their spreads; ``seeded``: callers in other modules
    pass it something)."""
    if unit is None or type(arg.value) is not cst.Name:
        return {}
    name = arg.value.value
    param = unit.param(name)
    if param is None or param.star != "**" or name in unit.assigned \
            or (unit, name) in index.mutations or (unit, name) in index.store_mutations:
        return {}
    if info is None or info.direct or info.external_origin is not None \
            or info.kwargs_sources or seeded:
        return {}
    found: dict[str, int] = {}
    for keyword in wanted:
        if unit.param(keyword) is not None:
            continue  # bound to the named parameter, never in the dict
        kinds = [given[keyword]] if keyword in given else []
        kinds += [spread for named, spread in sites if keyword not in named]
        if kinds:
            kind = kinds[0]
            for other in kinds[1:]:
                kind = L.join(kind, other)
            found[keyword] = kind
    return found
