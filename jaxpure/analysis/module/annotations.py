"""What an annotation says a value is, through the aliases the module defines: a Python
container (``dict[str, LayerCache]``, ``Cache | None`` after ``Cache = dict[str,
LayerCache]``, ``Optional[List[jax.Array]]``), whose entries may be tracers but which is
itself no array: writing an entry is a container's item assignment, not an array's.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex

# a value annotated as one of these holds a Python container (its entries may be tracers;
# writing into it changes the object, not an array)
CONTAINER_TYPES = frozenset({"dict", "Dict", "list", "List", "set", "Set", "MutableMapping",
                             "Mapping", "OrderedDict", "defaultdict", "MutableSequence"})

# aliases followed (`Cache = dict[str, LayerCache]`, an alias of an alias): a bound on cycles
_MAX_ALIASES = 3


def container_annotation(annotation: cst.BaseExpression | None,
                         index: ModuleIndex | None = None, depth: int = 0) -> bool:
    """``annotation`` names a Python container, directly, under ``| None``/``Optional``, or
    through a module-level alias of one (when ``index`` is given)."""
    if annotation is None:
        return False
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [s for s in (annotation.left, annotation.right) if not _is_none(s)]
        return len(sides) == 1 and container_annotation(sides[0], index, depth)
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    name = (dotted_name(head) or "").rsplit(".", 1)[-1]
    if name == "Optional" and type(annotation) is cst.Subscript and len(annotation.slice) == 1:
        inner = annotation.slice[0].slice
        return type(inner) is cst.Index and container_annotation(inner.value, index, depth)
    if name in CONTAINER_TYPES:
        return True
    if index is None or type(annotation) is not cst.Name or depth >= _MAX_ALIASES:
        return False
    bindings = index.bindings.get(annotation.value, ())
    return len(bindings) == 1 and not bindings[0].augmented \
        and container_annotation(bindings[0].value, index, depth + 1)


def _is_none(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and node.value == "None"
