"""Where a value is kept, as text: names and paths passed as arguments or bound as targets
(``key``, ``self.key``, ``rngs['dropout']``)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.syntax.nodes import push_children


def argument_names(value: cst.BaseExpression) -> list[cst.Name]:
    """Names passed directly, or inside a literal tuple/list/dict, as one argument."""
    if type(value) is cst.Name:
        return [value]
    if isinstance(value, (cst.Tuple, cst.List)):
        found: list[cst.Name] = []
        for element in value.elements:
            found.extend(argument_names(element.value))
        return found
    if type(value) is cst.Dict:
        found = []
        for entry in value.elements:
            if type(entry) is cst.DictElement:
                found.extend(argument_names(entry.value))
        return found
    return []


def key_path(value: cst.BaseExpression) -> str | None:
    """``key``, ``self.key`` or ``rngs['dropout']``: where a key is kept, as text."""
    if type(value) is cst.Name:
        return value.value
    if type(value) is cst.Attribute:
        base = key_path(value.value)
        return f"{base}.{value.attr.value}" if base is not None else None
    if type(value) is cst.Subscript and len(value.slice) == 1:
        index = value.slice[0].slice
        if type(index) is cst.Index and type(index.value) is cst.SimpleString:
            base = key_path(value.value)
            if base is not None and isinstance(index.value.evaluated_value, str):
                return f"{base}[{index.value.evaluated_value!r}]"
        if isinstance(index, cst.Index) and type(index.value) is cst.Integer \
                and type(value.value) is cst.Name:
            return f"{value.value.value}[{index.value.value}]"  # `keys[0]` of split keys
    return None


def path_root(path: str) -> str:
    """The name a key path starts from: ``rngs`` of ``rngs['dropout']``, ``self`` of
    ``self.key``."""
    return path.partition("[")[0].partition(".")[0]


def class_like(dotted: str | None) -> bool:
    """A name that reads as a class by Python's naming convention: the last part of
    ``pkg.Piemd_GPU`` or ``Normal`` capitalised, not a constant (``SEED``)."""
    last = (dotted or "").rpartition(".")[2]
    return last[:1].isupper() and not last.isupper()


def array_of_keys(path: str) -> str | None:
    """``keys`` for the path ``keys[0]`` (an element of an array of keys), else None."""
    base, bracket, rest = path.partition("[")
    return base if bracket and rest[:-1].isdigit() and rest.endswith("]") else None


def argument_paths(value: cst.BaseExpression) -> list[str]:
    """Like :func:`argument_names`, with attribute and dict-entry paths and both values of a
    conditional expression too."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [p for element in value.elements for p in argument_paths(element.value)]
    if type(value) is cst.Dict:
        return [p for element in value.elements if type(element) is cst.DictElement
                for p in argument_paths(element.value)]
    if type(value) is cst.IfExp:  # `key if is_prng_key(key) else key[0]`: either
        return argument_paths(value.body) + argument_paths(value.orelse)
    path = key_path(value)
    return [path] if path is not None else []


def target_paths(target: cst.BaseExpression) -> list[str]:
    """Attributes and entries bound by an assignment target (``self.key, sub``)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [p for element in target.elements for p in target_paths(element.value)]
    path = key_path(target) if isinstance(target, (cst.Attribute, cst.Subscript)) else None
    return [path] if path is not None else []


def indexed_by_element(container: cst.BaseExpression, name: str,
                       scope: cst.CSTNode) -> bool:
    """``scope`` indexes ``container`` (a name or a path: ``batch["inputs"]``) with ``name``
    (``inputs[key]`` in ``for key in inputs:``): what the loop walks is a mapping and
    ``name`` one of its keys (an array is not indexed by its own rows)."""
    text = key_path(container)
    if text is None:
        return False
    pending: list[cst.CSTNode] = [scope]
    while pending:
        node = pending.pop()
        if type(node) is cst.Subscript and len(node.slice) == 1 \
                and type(node.slice[0].slice) is cst.Index \
                and type(node.slice[0].slice.value) is cst.Name \
                and node.slice[0].slice.value.value == name and key_path(node.value) == text:
            return True
        push_children(node, pending)
    return False
