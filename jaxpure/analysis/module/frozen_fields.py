"""pytreeclass's frozen fields, and the static-field factories other modules define.

A pytreeclass ``TreeClass`` field declared ``tc.field(on_setattr=[tc.freeze],
on_getattr=[tc.unfreeze])`` stores its value wrapped by ``tc.freeze``: a pytree with no
leaves. So when the instance crosses a transform the field is the Python value it was built
with, and reads back unwrapped (fdtdx declares its configuration's options so, through its
own ``frozen_field()`` helper): a static field, as flax's ``field(pytree_node=False)`` is.

A project often defines such a helper once (fdtdx's ``core/jax/pytrees.py``) and declares
fields with it in many modules. Each module summary names the module-level functions that
return a static field (module/field_index.py), and each module importing one gets a seed
naming it as the project names it; the pipeline puts those names in the resolver's memo,
where module/field_markers.py reads them with its own module's factories.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.pytrees import FREEZE_CALLBACKS
from jaxpure.analysis.module.index import ModuleIndex
from jaxpure.analysis.module.resolve import Resolver

SETATTR = "on_setattr"


def freezes(value: cst.BaseExpression | None, resolver: Resolver) -> bool:
    """``tc.field(on_setattr=[tc.freeze])`` (fdtdx: ``[*list(on_setattr), tc.freeze]``): a
    call whose ``on_setattr`` list or tuple holds pytreeclass's ``freeze``."""
    if type(value) is not cst.Call:
        return False
    return any(arg.keyword is not None and arg.keyword.value == SETATTR
               and isinstance(arg.value, (cst.List, cst.Tuple))
               and any(type(e) is cst.Element
                       and resolver.qualname(e.value, None) in FREEZE_CALLBACKS
                       for e in arg.value.elements)
               for arg in value.args)


def sets_attributes(call: cst.Call) -> bool:
    """The call is given ``on_setattr=``: only then can it declare a frozen field (the
    cheap test before a function's returns are read)."""
    return any(arg.keyword is not None and arg.keyword.value == SETATTR for arg in call.args)


def imported_factory_names(index: ModuleIndex, resolver: Resolver) -> frozenset[str]:
    """The names this module calls other modules' static-field factories by: the last part
    of each one's qualified name (``frozen_field``; factories are matched by name, as this
    module's own are) and the names it imports them under (``import ... as ff``)."""
    imported = resolver.memo.get("imported_field_factories", frozenset())
    if not imported:
        return frozenset()
    names = {qualified.rsplit(".", 1)[-1] for qualified in imported}
    names.update(alias for alias, target in index.imports.aliases.items() if target in imported)
    return frozenset(names)
