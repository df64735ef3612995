"""Layouts: the kinds of a structure's parts as the code that built it shows them.

A caller that builds a pytree inside the trace (``TypedGraph(nodes={"mesh": NodeSet(
n_node=np.array([n]), features=latent)})``) and hands it to a function it calls, not to a
transform, hands over Python objects: the NumPy counts stay NumPy arrays and only
``features`` holds a tracer. A layout says so by access path: ``("nodes", "[]",
"n_node")`` is NumPy, ``("nodes", "[]", "features")`` traced (``"[]"`` stands for any entry
of a dict, list or tuple). A path a layout lacks is unknown, and the usual inference
answers for it (a traced parameter's parts stay traced).

The callee takes its parameter's layout from every call that fills it, in this module
(flow/callsites.py) and in others (module summary's layout calls, seeds with ``via ==
LAYOUTS``); one call passing something whose layout is unknown (a parameter of a jitted
function, whose leaves jit traces) leaves the parameter without one. A function under a
visible transform gets none: the transform traces every leaf of its arguments, whatever
the caller built.

Read here: constructor calls with keywords (``NodeSet(n_node=..., features=...)``),
``x._replace(f=v)`` / ``x.replace(f=v)`` / ``dataclasses.replace(x, f=v)``, dict, list and
tuple displays, entries and fields of a value with a layout, locals, ``self.<field>`` (every
value a method of the class stores there), and what a helper of the module returns. Parts
read outside the walked function are taken static only by their form: literals, NumPy
array constructors, shapes and sizes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.flow.domain import KindScope, Layout, Path
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.summary import LIBRARY_PREFIXES
from jaxpure.analysis.syntax import class_like, contains, returned_values

ENTRY = "[]"  # any entry of a dict, list or tuple
MAX_PATH = 5  # parts of a path kept
_MAX_DEPTH = 16  # helpers, stores, locals and parts followed for one value
_REPLACE_METHODS = frozenset({"_replace", "replace"})


def join(a: Layout | None, b: Layout | None) -> Layout | None:
    """What two values may both be: the paths both know, their kinds joined."""
    if a is None or b is None:
        return None
    return {path: L.join(kind, b[path]) for path, kind in a.items() if path in b}


def join_all(layouts: Iterable[Layout | None]) -> Layout | None:
    found: Layout | None = None
    first = True
    for layout in layouts:
        found = layout if first else join(found, layout)
        first = False
        if found is None:
            return None
    return None if first else found


def below(layout: Layout | None, step: str) -> Layout | None:
    """The layout of the part ``step`` of a value."""
    if layout is None:
        return None
    return {path[1:]: kind for path, kind in layout.items() if path[0] == step and len(path) > 1}


def under(step: str, kind: int, layout: Layout | None) -> Layout:
    """A part ``step`` of kind ``kind`` and, inside it, ``layout``."""
    found: Layout = {(step,): kind}
    for path, inner in (layout or {}).items():
        if len(path) < MAX_PATH:
            found[(step,) + path] = inner
    return found


def access_path(expr: cst.BaseExpression) -> tuple[str, Path] | None:
    """``graph.nodes[s].n_node`` -> ("graph", ("nodes", "[]", "n_node"))."""
    steps: list[str] = []
    while True:
        if type(expr) is cst.Attribute:
            steps.append(expr.attr.value)
            expr = expr.value
        elif type(expr) is cst.Subscript:
            steps.append(ENTRY)
            expr = expr.value
        else:
            break
    if type(expr) is not cst.Name or not steps:
        return None
    return expr.value, tuple(reversed(steps))


def layout_kind(ctx: KindScope, expr: cst.Attribute | cst.Subscript) -> int | None:
    """The kind of a part of a local whose layout is known, when the layout knows it."""
    frame = ctx.frame
    if not frame.layouts or ctx.unit is not frame.unit:
        return None  # no layout here, or a helper's returns read for one call
    found = access_path(expr)
    if found is None:
        return None
    layout = frame.layouts.get(found[0])
    kind = layout.get(found[1]) if layout is not None else None
    return kind if kind is not None and kind != L.UNKNOWN else None


class LayoutReader:
    """Reads layouts of expressions: in the walked function with the walk's kinds
    (``frame``), elsewhere by their form."""

    def __init__(self, ctx: KindScope, kind: Callable[[cst.BaseExpression], int]) -> None:
        self.ctx = ctx
        self.walked_kind = kind

    def of(self, expr: cst.BaseExpression, unit: Unit | None = None,
           depth: int = 0) -> Layout | None:
        """``unit`` None: ``expr`` is read at the walk's point in its function."""
        if depth > _MAX_DEPTH:
            return None
        if unit is None:
            return self._read(expr, unit, depth)
        # read by its form, outside the walk: the same wherever it is asked (a read cut
        # short by depth knows fewer paths, which is only less)
        cache = self.ctx.layout_cache
        key = id(expr)
        if key not in cache:
            cache[key] = None  # a value that reads itself knows nothing
            cache[key] = self._read(expr, unit, depth)
        return cache[key]

    def _read(self, expr: cst.BaseExpression, unit: Unit | None, depth: int) -> Layout | None:
        t = type(expr)
        if t is cst.Name:
            return self._name(expr, unit, depth)  # type: ignore[arg-type]
        if t is cst.Call:
            return self._call(expr, unit, depth)  # type: ignore[arg-type]
        if t is cst.Attribute:
            return self._attribute(expr, unit, depth)  # type: ignore[arg-type]
        if t is cst.Subscript:
            return below(self.of(expr.value, unit, depth + 1), ENTRY)  # type: ignore[attr-defined]
        if t is cst.Dict:
            if any(type(e) is not cst.DictElement for e in expr.elements):  # type: ignore[attr-defined]
                return None  # `{**other}`: entries not shown
            return self._entries([e.value for e in expr.elements], unit, depth)  # type: ignore[attr-defined]
        if t in (cst.Tuple, cst.List):
            if any(type(e) is cst.StarredElement for e in expr.elements):  # type: ignore[attr-defined]
                return None
            return self._entries([e.value for e in expr.elements], unit, depth)  # type: ignore[attr-defined]
        return None

    def kind(self, expr: cst.BaseExpression, unit: Unit | None, depth: int = 0) -> int:
        """The kind of a part: the walk's, or one its form shows outside the walk."""
        if unit is None:
            return self.walked_kind(expr)
        return self._form_kind(expr, unit, depth)

    def _part(self, expr: cst.BaseExpression, unit: Unit | None, depth: int) -> tuple[int, Layout | None]:
        return self.kind(expr, unit, depth), self.of(expr, unit, depth + 1)

    def _entries(self, values: list[cst.BaseExpression], unit: Unit | None,
                 depth: int) -> Layout | None:
        if not values:
            return {}
        parts = [self._part(v, unit, depth) for v in values]
        kind = functools.reduce(L.join, [k for k, _l in parts])
        return under(ENTRY, kind, join_all(inner if inner is not None else {} for _k, inner in parts))

    def _name(self, expr: cst.Name, unit: Unit | None, depth: int) -> Layout | None:
        if unit is None:  # what the walk bound it to
            return self.ctx.frame.layouts.get(expr.value)
        bound = single_value(self.ctx.index, unit, expr.value)
        if bound is None or bound[1] is None:
            return None
        return self.of(bound[0], bound[1], depth + 1)

    def _attribute(self, expr: cst.Attribute, unit: Unit | None, depth: int) -> Layout | None:
        found = self._self_stores(expr, unit)
        if found is None:
            return below(self.of(expr.value, unit, depth + 1), expr.attr.value)
        stores, methods, found_key = found
        cache = self.ctx.layout_cache
        key = id(stores)
        if key not in cache:
            cache[key] = None  # a field whose stores read it knows nothing
            cache[key] = self._stored(stores, methods, found_key, depth)
        return cache[key]

    def _stored(self, stores: list[cst.BaseExpression | None], methods: list[Unit],
                where: tuple[str, str], depth: int) -> Layout | None:
        """What every value a class's methods store in one of its fields has (a store of
        ``None``, the usual placeholder, has no parts to read), each read in its method;
        None when a store is not a plain value (``self.a, self.b = pair``)."""
        cls, field = where
        if any(v is None for v in stores) or any(
                attr == field and owner != cls for owner, attr in self.ctx.index.self_stores):
            return None  # a store of another class here (a base's, a subclass's) may run too
        found: list[Layout | None] = []
        for value in stores:
            if value is None or type(value) is cst.Name and value.value == "None":
                continue
            owner = next((m for m in methods if contains(m.node, value)), None)
            found.append(self.of(value, owner, depth + 1) if owner is not None else None)
        return join_all(found)

    def _self_stores(self, expr: cst.Attribute, unit: Unit | None
                     ) -> tuple[list[cst.BaseExpression | None], list[Unit], tuple[str, str]] | None:
        """``self.<field>`` in a method: the values the class's methods store there, and
        those methods (None when it is not such a read)."""
        where = unit if unit is not None else self.ctx.frame.unit
        if where is None or type(expr.value) is not cst.Name:
            return None
        method: Unit | None = where
        while method is not None and not method.parent_is_class:
            method = method.parent
        if method is None or method.class_name is None or method.is_staticmethod \
                or not method.params or method.params[0].name != expr.value.value \
                or expr.value.value in method.assigned:
            return None
        stores = self.ctx.index.self_stores.get((method.class_name, expr.attr.value))
        if stores is None:
            return None
        return stores, list(self.ctx.index.classes.get(method.class_name, {}).values()), \
            (method.class_name, expr.attr.value)

    def _call(self, call: cst.Call, unit: Unit | None, depth: int) -> Layout | None:
        if any(a.star for a in call.args):
            return None
        func = call.func
        qual = self.ctx.resolver.qualname(func, unit if unit is not None else self.ctx.frame.unit)
        keywords = [(a.keyword.value, a.value) for a in call.args if a.keyword is not None]
        if qual == "dataclasses.replace" and call.args and call.args[0].keyword is None:
            return self._replaced(self.of(call.args[0].value, unit, depth + 1), keywords,
                                  unit, depth, True)
        if type(func) is cst.Attribute and func.attr.value in _REPLACE_METHODS \
                and len(keywords) == len(call.args) and keywords:
            return self._replaced(self.of(func.value, unit, depth + 1), keywords, unit, depth,
                                  func.attr.value == "_replace")
        plain = self._constructor(func, qual, unit)
        if plain is not None:
            found: Layout = {}
            for name, value in keywords:  # positional fields: not known by name here
                found.update(self._field(name, value, unit, depth, plain))
            return found
        callee = self.ctx.resolver.function(func, unit if unit is not None else self.ctx.frame.unit)
        if callee is None or type(callee.node) is not cst.FunctionDef:
            return None
        values = returned_values(callee.node)
        return join_all(self.of(v, callee, depth + 1) for v in values) if values else None

    def _replaced(self, base: Layout | None, keywords: list[tuple[str, cst.BaseExpression]],
                  unit: Unit | None, depth: int, plain: bool) -> Layout:
        """``x._replace(f=v)``: x's layout, its part ``f`` now v's."""
        names = {name for name, _v in keywords}
        found = {path: kind for path, kind in (base or {}).items() if path[0] not in names}
        for name, value in keywords:
            found.update(self._field(name, value, unit, depth, plain))
        return found

    def _field(self, name: str, value: cst.BaseExpression, unit: Unit | None, depth: int,
               plain: bool) -> Layout:
        """A keyword's value as the part ``name``. ``plain`` False: the class may store
        it otherwise (an ``__init__`` of its own, another module's class), so only what
        makes it a Python or NumPy value is kept: a tracer may become a shape there, never
        the other way round."""
        kind, inner = self._part(value, unit, depth)
        if not plain:
            kind = kind if kind in (L.STATIC, L.NUMPY) else L.UNKNOWN
            inner = {path: k for path, k in (inner or {}).items() if k in (L.STATIC, L.NUMPY)}
        return under(name, kind, inner)

    def _constructor(self, func: cst.BaseExpression, qual: str | None,
                     unit: Unit | None) -> bool | None:
        """A class of this module, or a capitalised name of the project (``typed_graph.
        NodeSet``): calling it builds an object whose fields are its keywords; True when it
        stores them as given (a class here without ``__init__`` or ``__post_init__``: a
        NamedTuple, a dataclass), None for anything else."""
        if type(func) is cst.Name and func.value in self.ctx.index.class_nodes:
            methods = self.ctx.index.classes.get(func.value, {})
            return "__init__" not in methods and "__post_init__" not in methods
        if qual is not None and "." in qual and not qual.startswith(LIBRARY_PREFIXES) \
                and class_like(qual) and self.ctx.resolver.function(
                    func, unit if unit is not None else self.ctx.frame.unit) is None:
            return False
        return None

    def _form_kind(self, expr: cst.BaseExpression, unit: Unit, depth: int) -> int:
        """The kind a part read outside the walk shows by its form: a literal, a NumPy
        array built there (a tracer raises in the constructor), a size or a shape, a local
        bound once to one of them."""
        t = type(expr)
        if t in (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString):
            return L.STATIC
        if t is cst.Name:
            if expr.value in ("None", "True", "False"):  # type: ignore[attr-defined]
                return L.STATIC
            bound = single_value(self.ctx.index, unit, expr.value)  # type: ignore[attr-defined]
            if bound is None or bound[1] is None or depth > _MAX_DEPTH:
                return L.UNKNOWN
            return self._form_kind(bound[0], bound[1], depth + 1)
        if t in (cst.Tuple, cst.List):
            return L.container([self._form_kind(e.value, unit, depth + 1)
                                for e in expr.elements])  # type: ignore[attr-defined]
        if t is cst.Attribute and expr.attr.value in A.SHAPE_ATTRS:  # type: ignore[attr-defined]
            return L.STATIC
        if t is cst.Call:
            qual = self.ctx.resolver.qualname(expr.func, unit) or ""  # type: ignore[attr-defined]
            if qual in A.NUMPY_ARRAY_CREATORS:
                return L.NUMPY
            if qual == "builtins.len":
                return L.STATIC
        return L.UNKNOWN


def parameter_layouts(sources: Iterable[Mapping[str, Layout | None]], name: str) -> Layout | None:
    """A parameter's layout from every source of calls that fills it (a source per module
    or per set of local calls; None where one call passed no known layout)."""
    return join_all(source[name] for source in sources if name in source)


def layout_key(unit: Unit) -> str:
    """How seeds name a function: ``dense``, or ``MeshTransformer.__call__`` for a method."""
    return f"{unit.class_name}.{unit.name}" if unit.parent_is_class else unit.name
