"""Project decorators that register a dataclass as a pytree and put the fields a parameter
names into its aux data, and the fields of the classes they decorate that are thus static.

pmwd's ``pytree_dataclass``::

    def pytree_dataclass(cls, aux_fields=None, aux_invert=False, **kwargs):
        cls = dataclasses.dataclass(cls, **kwargs)
        if aux_fields is None: aux_fields = ()
        elif isinstance(aux_fields, str): aux_fields = (aux_fields,)
        elif aux_fields is Ellipsis: aux_fields = [f.name for f in dataclasses.fields(cls)]
        aux_data_names = [f.name for f in dataclasses.fields(cls) if f.name in aux_fields]
        children_names = [f.name for f in dataclasses.fields(cls) if f.name not in aux_fields]
        if aux_invert: aux_data_names, children_names = children_names, aux_data_names
        def tree_flatten(obj): return tuple(obj.children()), tuple(obj.aux_data())
        ...
        register_pytree_node(cls, tree_flatten, tree_unflatten)

What makes it one, read off the body: it registers its class parameter as a pytree node;
it binds the names of the dataclass fields that are ``in`` a parameter, and those ``not
in`` it, once each; the flatten function it registers returns a pair whose second element
reaches the former (through the functions it defines) and never the latter; and the
parameter is rebound only to name every field under ``is Ellipsis``, to a one-element tuple
of itself under ``isinstance(..., str)``, or to anything under ``is None``. Any other
rebinding of the two name lists must sit under a test of another parameter, whose default
an application must keep (``aux_invert``). Applied as ``@partial(decorator, aux_fields=...)``
with ``Ellipsis``, a string (when the decorator reads one) or a literal tuple or list of
names, and no other of its named parameters, the fields so named are static: the fields
of the class body (its annotated names but class variables), as ``dataclasses.fields``
lists them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import libcst as cst

from jaxpure.analysis.catalog.pytrees import AUX_REGISTRATIONS
from jaxpure.analysis.module.aux_decorator_index import AuxDecorator
from jaxpure.analysis.module.index import ModuleIndex
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import (descendants, inner_statements, returned_values, str_literals,
                                     target_names)

# a guard: the test of the `if`/`elif` a statement sits directly under; None: another block
Guards = tuple[cst.BaseExpression | None, ...]


def local_aux_decorators(index: ModuleIndex, resolver: Resolver) -> dict[str, AuxDecorator]:
    """The module-level functions of the module that are aux-field decorators, by name."""
    found = resolver.memo.get("aux_decorators")
    if found is None:
        # only a function that itself calls a registration on its first parameter has its
        # body read (the calls of each function are indexed already)
        found = resolver.memo["aux_decorators"] = {
            name: facts for name, unit in index.defs.items()
            if type(unit.node) is cst.FunctionDef and unit.params
            and any(_registers(call, unit.params[0].name, resolver) for call in unit.calls)
            for facts in [_aux_decorator(unit.node, resolver)] if facts is not None}
    return found


def _registers(call: cst.Call, cls: str, resolver: Resolver) -> bool:
    """``register_pytree_node(cls, flatten, ...)``."""
    return len(call.args) >= 2 and type(call.args[0].value) is cst.Name \
        and call.args[0].value.value == cls \
        and resolver.qualname(call.func, None) in AUX_REGISTRATIONS


def exported_aux_decorators(index: ModuleIndex, resolver: Resolver
                            ) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """For the module summary: each aux-field decorator of the module with its facts."""
    return tuple(sorted((name, facts.encode())
                        for name, facts in local_aux_decorators(index, resolver).items()))


def aux_decorated_fields(index: ModuleIndex, resolver: Resolver, node: cst.ClassDef,
                         imported: Mapping[str, AuxDecorator]) -> frozenset[str]:
    """The fields of the class ``node`` an aux-field decorator (of this module, or one of
    ``imported``, by qualified name) puts into its aux data."""
    fields = _class_fields(node)
    found: set[str] = set()
    for decorator in node.decorators:
        call = decorator.decorator
        if type(call) is not cst.Call or not call.args \
                or resolver.qualname(call.func, None) != "functools.partial":
            continue
        target = call.args[0].value
        facts = local_aux_decorators(index, resolver).get(target.value) \
            if type(target) is cst.Name and target.value in index.defs \
            else imported.get(resolver.qualname(target, None) or "")
        if facts is not None:
            found.update(_named(index, call.args[1:], facts, fields))
    return frozenset(found)


def _named(index: ModuleIndex, args: Sequence[cst.Arg],
           facts: AuxDecorator, fields: frozenset[str]) -> frozenset[str]:
    """The fields the partial's arguments ``args`` name as aux data, if all are keywords
    (a positional one would take the class's place) and none is a fixed parameter."""
    value: cst.BaseExpression | None = None
    for arg in args:
        if arg.keyword is None or arg.keyword.value in facts.fixed:
            return frozenset()
        if arg.keyword.value == facts.param:
            value = arg.value
    if value is None:
        return frozenset()
    if type(value) is cst.Ellipsis or type(value) is cst.Name and value.value == "Ellipsis" \
            and "Ellipsis" not in index.bindings and "Ellipsis" not in index.import_names:
        return fields if facts.every else frozenset()
    if type(value) is cst.SimpleString and not facts.single:
        return frozenset()  # `name in "conf"` would test substrings
    return fields & frozenset(str_literals(value) or ())


def _class_fields(node: cst.ClassDef) -> frozenset[str]:
    """The annotated names of the class body but class variables: its dataclass fields."""
    body = node.body.body if type(node.body) is cst.IndentedBlock else ()
    return frozenset(small.target.value for line in body if type(line) is cst.SimpleStatementLine
                     for small in line.body
                     if type(small) is cst.AnnAssign and type(small.target) is cst.Name
                     and not _class_var(small.annotation.annotation))


def _class_var(annotation: cst.BaseExpression) -> bool:
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    text = head.attr.value if type(head) is cst.Attribute else \
        head.value if type(head) is cst.Name else ""
    return text == "ClassVar"


# -- reading a decorator's body ------------------------------------------------------------
def _aux_decorator(node: cst.FunctionDef, resolver: Resolver) -> AuxDecorator | None:
    params = list(node.params.posonly_params) + list(node.params.params) \
        + list(node.params.kwonly_params)
    if len(params) < 2 or node.params.posonly_params:
        return None
    cls = params[0].name.value
    flatten = _registered_flatten(node, cls, resolver)
    if flatten is None:
        return None
    smalls = list(_guarded(node.body.body if type(node.body) is cst.IndentedBlock else (), ()))
    defaults = {p.name.value: p.default for p in params}
    for param in params[1:]:
        name = param.name.value
        lists = _name_lists(smalls, name)
        if lists is None:
            continue
        aux, children = lists
        if not _splits(smalls, (aux, children), defaults, name):
            continue
        tokens = _param_rebindings(smalls, name)
        if tokens is None or not _returns_split(node, flatten, aux, children):
            continue
        fixed = tuple(p.name.value for p in params[1:] if p.name.value != name)
        return AuxDecorator(name, "every" in tokens, "single" in tokens, fixed)
    return None


def _registered_flatten(node: cst.FunctionDef, cls: str,
                        resolver: Resolver) -> cst.FunctionDef | cst.Lambda | None:
    """The flatten function ``register_pytree_node(cls, flatten, ...)`` in the body gives
    for the class parameter: a lambda or a function the decorator defines."""
    for call in descendants(node.body):
        if type(call) is not cst.Call or not _registers(call, cls, resolver):
            continue
        flatten = call.args[1].value
        if type(flatten) is cst.Lambda:
            return flatten
        if type(flatten) is cst.Name:
            defs = [d for d in _nested_defs(node) if d.name.value == flatten.value]
            return defs[0] if len(defs) == 1 else None
    return None


def _guarded(body: Sequence[cst.CSTNode] | cst.CSTNode, guards: Guards
             ) -> Iterator[tuple[cst.BaseSmallStatement, Guards]]:
    """The small statements of a function body outside nested functions and classes, each
    with the tests of the ``if``/``elif`` branches it sits under (None: another block)."""
    for statement in body if isinstance(body, Sequence) else (body,):
        if type(statement) is cst.SimpleStatementLine:
            yield from ((small, guards) for small in statement.body)
        elif isinstance(statement, cst.BaseSmallStatement):  # of a one-line suite
            yield statement, guards
        elif type(statement) is cst.If:
            yield from _guarded(list(statement.body.body), guards + (statement.test,))
            orelse = statement.orelse
            if type(orelse) is cst.If:
                yield from _guarded(orelse, guards)
            elif orelse is not None:
                yield from _guarded(list(inner_statements(orelse)), guards + (None,))
        elif type(statement) not in (cst.FunctionDef, cst.ClassDef):
            yield from _guarded(list(inner_statements(statement)), guards + (None,))


def _nested_defs(node: cst.FunctionDef) -> list[cst.FunctionDef]:
    return [d for d in descendants(node.body) if type(d) is cst.FunctionDef]


def _assigned(small: cst.BaseSmallStatement) -> set[str]:
    """The plain names a statement binds (targets of ``=``, ``+=``, ``: T =``)."""
    if type(small) is cst.Assign:
        targets = [t.target for t in small.targets]
    elif type(small) in (cst.AugAssign, cst.AnnAssign):
        targets = [small.target]  # type: ignore[attr-defined]
    else:
        return set()
    return {name for target in targets for name in target_names(target)}


def _name_lists(smalls: list[tuple[cst.BaseSmallStatement, Guards]],
                param: str) -> tuple[str, str] | None:
    """The names bound, unguarded, to the field names ``in`` ``param`` and ``not in`` it."""
    found: dict[bool, str] = {}
    for small, guards in smalls:
        if guards or type(small) is not cst.Assign or len(small.targets) != 1 \
                or type(small.targets[0].target) is not cst.Name:
            continue
        kept = _field_names_filtered(small.value, param)
        if kept is not None:
            if kept in found:
                return None
            found[kept] = small.targets[0].target.value
    return (found[True], found[False]) if len(found) == 2 else None


def _field_names_filtered(value: cst.BaseExpression, param: str | None) -> bool | None:
    """``[f.name for f in dataclasses.fields(...) if f.name in param]``: True; with ``not
    in``: False; with no filter, ``param`` None: True (every field); else None."""
    if type(value) not in (cst.ListComp, cst.GeneratorExp, cst.SetComp):
        return None
    loop = value.for_in  # type: ignore[attr-defined]
    elt = value.elt  # type: ignore[attr-defined]
    if loop.inner_for_in is not None or type(loop.target) is not cst.Name \
            or type(loop.iter) is not cst.Call or not _is_fields(loop.iter.func) \
            or not _names_field(elt, loop.target.value):
        return None
    if param is None:
        return True if not loop.ifs else None
    if len(loop.ifs) != 1:
        return None
    test = loop.ifs[0].test
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or not _names_field(test.left, loop.target.value):
        return None
    comparison = test.comparisons[0]
    if type(comparison.comparator) is not cst.Name or comparison.comparator.value != param:
        return None
    return True if type(comparison.operator) is cst.In else \
        False if type(comparison.operator) is cst.NotIn else None


def _is_fields(func: cst.BaseExpression) -> bool:
    """``dataclasses.fields`` or ``fields`` (the decorator's module imports it so)."""
    return type(func) is cst.Attribute and func.attr.value == "fields" \
        and type(func.value) is cst.Name and func.value.value == "dataclasses" \
        or type(func) is cst.Name and func.value == "fields"


def _names_field(node: cst.BaseExpression, target: str) -> bool:
    return type(node) is cst.Attribute and node.attr.value == "name" \
        and type(node.value) is cst.Name and node.value.value == target


def _splits(smalls: list[tuple[cst.BaseSmallStatement, Guards]], lists: tuple[str, str],
            defaults: Mapping[str, cst.BaseExpression | None], param: str) -> bool:
    """The two name lists are rebound only under a test of another parameter with a false
    default (``if aux_invert:`` swapping them): left at its default, it never runs."""
    for small, guards in smalls:
        if not _assigned(small) & set(lists):
            continue
        if not guards and type(small) is cst.Assign \
                and _field_names_filtered(small.value, param) is not None:
            continue  # the two comprehensions
        test = guards[-1] if len(guards) == 1 else None
        if type(test) is not cst.Name or test.value == param or test.value not in defaults \
                or not _false(defaults[test.value]):
            return False
    return True


def _false(default: cst.BaseExpression | None) -> bool:
    return type(default) is cst.Name and default.value in ("False", "None") \
        or type(default) is cst.Integer and default.value == "0"


def _param_rebindings(smalls: list[tuple[cst.BaseSmallStatement, Guards]],
                      param: str) -> set[str] | None:
    """What the parameter's rebindings make of it: "every" (``is Ellipsis``: all field
    names), "single" (``isinstance(..., str)``: a tuple of itself); None if rebound any
    other way."""
    tokens: set[str] = set()
    for small, guards in smalls:
        if param not in _assigned(small):
            continue
        if type(small) is not cst.Assign or len(small.targets) != 1 or len(guards) != 1 \
                or guards[0] is None:
            return None
        test, value = guards[0], small.value
        if _is_test(test, param, "None"):
            continue
        if _is_test(test, param, "Ellipsis") and _field_names_filtered(value, None):
            tokens.add("every")
        elif _is_str_test(test, param) and isinstance(value, (cst.Tuple, cst.List)) \
                and len(value.elements) == 1 and type(value.elements[0].value) is cst.Name \
                and value.elements[0].value.value == param:
            tokens.add("single")
        else:
            return None
    return tokens


def _is_test(test: cst.BaseExpression, param: str, constant: str) -> bool:
    """``param is None`` / ``param is Ellipsis`` (or ``...``)."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or type(test.left) is not cst.Name or test.left.value != param \
            or type(test.comparisons[0].operator) is not cst.Is:
        return False
    right = test.comparisons[0].comparator
    return type(right) is cst.Name and right.value == constant \
        or constant == "Ellipsis" and type(right) is cst.Ellipsis


def _is_str_test(test: cst.BaseExpression, param: str) -> bool:
    """``isinstance(param, str)``."""
    return type(test) is cst.Call and type(test.func) is cst.Name \
        and test.func.value == "isinstance" and len(test.args) == 2 \
        and type(test.args[0].value) is cst.Name and test.args[0].value.value == param \
        and type(test.args[1].value) is cst.Name and test.args[1].value.value == "str"


def _returns_split(node: cst.FunctionDef, flatten: cst.FunctionDef | cst.Lambda,
                   aux: str, children: str) -> bool:
    """Every pair the flatten function returns has an aux element that reaches the aux
    name list (through the functions the decorator defines) and never the children's."""
    values = returned_values(flatten)
    if not values:
        return False
    defs = _nested_defs(node)
    for value in values:
        if type(value) is not cst.Tuple or len(value.elements) != 2:
            return False
        reached = _reached(value.elements[1].value, defs)
        if aux not in reached or children in reached:
            return False
    return True


def _reached(start: cst.CSTNode, defs: list[cst.FunctionDef]) -> set[str]:
    """The names read under ``start``, and under the decorator's functions of those names
    (``obj.aux_data()`` reads ``aux_data``'s body), to a fixed point."""
    found: set[str] = set()
    frontier: list[cst.CSTNode] = [start]
    visited: set[int] = set()
    while frontier:
        current = frontier.pop()
        for node in (current, *descendants(current)):
            name = node.value if type(node) is cst.Name else \
                node.attr.value if type(node) is cst.Attribute else None
            if name is None or name in found:
                continue
            found.add(name)
            for inner in defs:
                if inner.name.value == name and id(inner) not in visited:
                    visited.add(id(inner))
                    frontier.append(inner.body)
    return found
