"""Fast structural helpers over libcst nodes.

libcst's own visitor rebuilds every node it passes; these helpers read dataclass fields
directly and skip whitespace, parentheses and operators, which is most of a CST.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import libcst as cst

_SKIPPED_PREFIXES = (
    "whitespace",
    "lpar",
    "rpar",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "comma",
    "semicolon",
    "leading_lines",
    "lines_after_decorators",
    "header",
    "footer",
    "equal",
    "colon",
    "operator",
    "dot",
    "asynchronous",
    "annotation",
    "returns",
    "star",
    "newline",
    "indent",
    "trailing_whitespace",
    "empty_lines",
    "import_",
    "walrus",
    "arrow",
)
# Fields that hold names which are not reads of a variable.
_SKIPPED_FIELDS: dict[type, set[str]] = {
    cst.Attribute: {"attr"},
    cst.Arg: {"keyword"},
    cst.Param: {"name"},
    cst.FunctionDef: {"name", "type_parameters"},
    cst.ClassDef: {"name", "type_parameters"},
    cst.ImportAlias: {"name", "asname"},
    cst.AsName: {"name"},
    cst.Global: {"names"},
    cst.Nonlocal: {"names"},
}

_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(cls: type) -> tuple[str, ...]:
    fields = _FIELDS.get(cls)
    if fields is None:
        skipped = _SKIPPED_FIELDS.get(cls, set())
        fields = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if not f.name.startswith(_SKIPPED_PREFIXES) and f.name not in skipped
        )
        _FIELDS[cls] = fields
    return fields


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    sub: type
    for sub in cls.__subclasses__():
        found.add(sub)
        found |= _subclasses(sub)
    return found


# Every concrete libcst node class: `type(v) in NODE_TYPES` is a set lookup, where
# `isinstance(v, cst.CSTNode)` goes through the ABC machinery (hot in the walkers).
NODE_TYPES = frozenset(_subclasses(cst.CSTNode))
# the comprehensions: each is a loop with its own scope
COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    for name in child_fields(type(node)):
        value = getattr(node, name)
        if type(value) in NODE_TYPES:
            yield value
        elif type(value) is tuple or type(value) is list:
            for item in value:
                if type(item) in NODE_TYPES:
                    yield item


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``node`` (not ``node`` itself), nested function bodies included.
    A plain stack over ``children``: a libcst visitor dispatches two methods per node,
    several times slower on whole functions."""
    stack = list(children(node))
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))


def contains(ancestor: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``ancestor`` or inside it."""
    stack = [ancestor]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        stack.extend(children(current))
    return False


def target_names(target: cst.BaseExpression) -> list[str]:
    """Names bound by an assignment target (``a``, ``a, (b, *c)``)."""
    if type(target) is cst.Name:
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names: list[str] = []
        for element in target.elements:
            names.extend(target_names(element.value))
        return names
    if type(target) is cst.StarredElement:
        return target_names(target.value)
    return []


def statements(body: cst.BaseSuite) -> tuple[cst.BaseStatement | cst.BaseSmallStatement, ...]:
    """The statements of a suite, flattening ``a = 1; b = 2`` lines."""
    if type(body) is cst.SimpleStatementSuite:
        return tuple(body.body)
    return tuple(body.body)


def positional_args(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and a.star == ""]


def keyword_arg(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def call_arg(call: cst.Call, position: int, keyword: str | None = None) -> cst.BaseExpression | None:
    if keyword is not None:
        found = keyword_arg(call, keyword)
        if found is not None:
            return found.value
    positional = positional_args(call)
    if position < len(positional):
        return positional[position].value
    return None


def int_literals(node: cst.BaseExpression | None) -> list[int] | None:
    """``1`` -> [1]; ``(0, -1)`` -> [0, -1]; None when not a literal."""
    if node is None:
        return []
    if type(node) is cst.Integer:
        return [int(node.value, 0)]
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        inner = int_literals(node.expression)
        return [-v for v in inner] if inner is not None and len(inner) == 1 else None
    if isinstance(node, (cst.Tuple, cst.List)):
        values: list[int] = []
        for element in node.elements:
            inner = int_literals(element.value)
            if inner is None:
                return None
            values.extend(inner)
        return values
    return None


def str_literals(node: cst.BaseExpression | None) -> list[str] | None:
    if node is None:
        return []
    if type(node) is cst.SimpleString:
        return [node.evaluated_value] if isinstance(node.evaluated_value, str) else None
    if isinstance(node, (cst.Tuple, cst.List)):
        values: list[str] = []
        for element in node.elements:
            inner = str_literals(element.value)
            if inner is None:
                return None
            values.extend(inner)
        return values
    return None


def returned_values(node: cst.FunctionDef | cst.Lambda) -> list[cst.BaseExpression]:
    """The expressions a function returns (a lambda's body; `return` values of a def)."""
    if isinstance(node, cst.Lambda):
        return [node.body]
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = list(statements(node.body))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if type(current) is cst.Return and current.value is not None:
            found.append(current.value)
            continue
        if type(current) is cst.SimpleStatementLine:
            stack.extend(current.body)
        else:
            stack.extend(inner_statements(current))
    return found


COMPOUND = (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.Else, cst.ExceptHandler,
            cst.Finally, cst.Match, cst.MatchCase)


def inner_statements(node: cst.CSTNode) -> list[cst.CSTNode]:
    """What a compound statement runs in the same function: its body, `else`/`elif`,
    handlers, `finally` and a `match`'s cases (not nested functions or classes); [] for
    anything else."""
    # exact types: libcst's node classes are ABCs, and isinstance on them is slow here
    if type(node) not in _COMPOUND_TYPES:
        return []
    found: list[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody", "cases"):
        value = getattr(node, name, None)
        kind = type(value)
        if kind is cst.IndentedBlock or kind is cst.SimpleStatementSuite:
            found.extend(statements(value))  # type: ignore[arg-type]
        elif kind is cst.If or kind is cst.Else or kind is cst.Finally:
            found.append(value)  # type: ignore[arg-type]
        elif kind is tuple or kind is list:
            found.extend(value)  # type: ignore[arg-type]
    return found


_COMPOUND_TYPES = frozenset(COMPOUND)


def enclosing_if_tests(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The tests of the ``if``/``elif`` statements of ``function`` whose bodies hold
    ``node`` (outermost first; [] when ``node`` is not under one)."""
    return [n.test for n in enclosing_nodes(function, node) if type(n) is cst.If]


def enclosing_try_handlers(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.ExceptHandler]:
    """The ``except`` clauses of the ``try`` statements whose bodies hold ``node``."""
    path = enclosing_nodes(function, node)
    found: list[cst.ExceptHandler] = []
    for outer, inner in zip(path, path[1:] + [node]):
        if type(outer) is cst.Try and inner is outer.body:
            found.extend(outer.handlers)
    return found


def handler_catches(handler: cst.ExceptHandler | cst.ExceptStarHandler, names: frozenset[str]) -> bool:
    """A bare ``except``, or one naming one of ``names`` (``except (TypeError, KeyError)``)."""
    if handler.type is None:
        return True
    types = handler.type.elements if type(handler.type) is cst.Tuple else [handler.type]
    for element in types:
        expr = element.value if type(element) is cst.Element else element
        name = expr.attr.value if type(expr) is cst.Attribute else \
            expr.value if type(expr) is cst.Name else None
        if name in names:
            return True
    return False


def on_exclusive_branches(function: cst.CSTNode, a: cst.CSTNode, b: cst.CSTNode) -> bool:
    """Whether no run of ``function`` reaches both ``a`` and ``b`` (pyflakes'
    ``differentForks``): they sit in the two branches of one ``if``/``else``, or one sits in
    the body of an ``if`` that ends by returning (or raising) and the other after it."""
    path_a = enclosing_nodes(function, a) + [a]
    path_b = enclosing_nodes(function, b) + [b]
    for depth, (outer, inner_a, inner_b) in enumerate(zip(path_a, path_a[1:], path_b[1:])):
        if path_b[depth] is not outer:
            return False
        if inner_a is not inner_b:
            if type(outer) is cst.If:
                return {id(inner_a), id(inner_b)} == {id(outer.body), id(outer.orelse)}
            return _left_before(path_a[depth + 1:], path_b[depth + 1:], outer)
    return False


def _left_before(path_a: list[cst.CSTNode], path_b: list[cst.CSTNode],
                 block: cst.CSTNode) -> bool:
    """Of two statements of ``block`` (the heads of the two paths), whether the earlier is
    an ``if`` whose body, holding its path, ends by leaving the function."""
    body = list(getattr(block, "body", ()))
    if not all(any(node is path[0] for node in body) for path in (path_a, path_b)):
        return False
    first = path_a if _position(body, path_a[0]) < _position(body, path_b[0]) else path_b
    statement = first[0]
    if type(statement) is not cst.If or len(first) < 2 or first[1] is not statement.body:
        return False
    last = statements(statement.body)[-1] if statements(statement.body) else None
    return type(last) is cst.SimpleStatementLine and isinstance(
        last.body[-1], (cst.Return, cst.Raise))


def _position(body: list[cst.CSTNode], node: cst.CSTNode) -> int:
    return next(i for i, each in enumerate(body) if each is node)


def none_test(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """``x is None`` -> (x, True), ``x is not None`` -> (x, False): whether the test holding
    means ``x`` is None."""
    if type(test) is not cst.Comparison or type(test.left) is not cst.Name \
            or len(test.comparisons) != 1:
        return None
    comparison = test.comparisons[0]
    if type(comparison.comparator) is not cst.Name or comparison.comparator.value != "None":
        return None
    if type(comparison.operator) is cst.Is:
        return test.left.value, True
    if type(comparison.operator) is cst.IsNot:
        return test.left.value, False
    return None


def enclosing_nodes(function: cst.CSTNode, node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes of ``function``'s body between it and ``node`` (outermost first)."""
    path: list[cst.CSTNode] = []

    def holds(current: cst.CSTNode) -> bool:
        if current is node:
            return True
        for child in children(current):
            if holds(child):
                path.append(current)
                return True
        return False

    body = getattr(function, "body", None)
    if body is None or not holds(body):
        return []
    return list(reversed(path))


def single_assignment(body: cst.BaseSuite, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value`` (or ``name: T = value``) anywhere in a function body,
    outside nested functions and classes."""
    statement = assignment_of(body, name)
    return statement.value if statement is not None else None


def declared_type(body: cst.BaseSuite, name: str) -> cst.BaseExpression | None:
    """The annotation of ``name: T = value`` (or ``name: T``) in a function body."""
    statement = assignment_of(body, name, annotated=True)
    return statement.annotation.annotation if type(statement) is cst.AnnAssign else None


def assignment_of(body: cst.BaseSuite, name: str,
                  annotated: bool = False) -> cst.Assign | cst.AnnAssign | None:
    """The first plain (or, with ``annotated``, annotated) assignment to ``name`` found in
    a function body, outside nested functions and classes."""
    for current in assignments_in(body):
        if type(current) is cst.Assign:
            if not annotated and len(current.targets) == 1 \
                    and type(current.targets[0].target) is cst.Name \
                    and current.targets[0].target.value == name:
                return current
        elif type(current) is cst.AnnAssign and type(current.target) is cst.Name \
                and current.target.value == name:
            return current
    return None


def assignments_in(body: cst.BaseSuite) -> Iterator[cst.Assign | cst.AnnAssign]:
    """Every assignment statement of a function body, outside nested functions and classes
    (the last written first)."""
    stack: list[cst.CSTNode] = list(statements(body))
    while stack:
        current = stack.pop()
        if type(current) is cst.SimpleStatementLine:
            stack.extend(current.body)
        elif type(current) is cst.Assign or type(current) is cst.AnnAssign:
            yield current
        else:
            stack.extend(inner_statements(current))


AT_METHODS = frozenset(
    {"set", "add", "subtract", "multiply", "mul", "divide", "div", "power", "min", "max",
     "apply"}
)


def at_update_base(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` for ``x.at[i].set(v)``; None for anything else."""
    if not type(node) is cst.Call or not type(node.func) is cst.Attribute:
        return None
    if node.func.attr.value not in AT_METHODS:
        return None
    indexer = node.func.value
    if not type(indexer) is cst.Subscript or not type(indexer.value) is cst.Attribute:
        return None
    if indexer.value.attr.value != "at":
        return None
    return indexer.value.value


def at_update_method(node: cst.BaseExpression) -> str | None:
    """``"set"`` for ``x.at[i].set(v)``; None for anything else."""
    if at_update_base(node) is None or not type(node) is cst.Call or not type(node.func) is cst.Attribute:
        return None
    return node.func.attr.value


def is_int_literal(node: cst.BaseExpression | None) -> bool:
    """``3`` or ``-3``."""
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        node = node.expression
    return type(node) is cst.Integer


def names_in(node: cst.CSTNode, attributes: bool = True) -> Iterator[cst.Name]:
    """Every ``Name`` node under ``node``, nested function bodies included; without
    ``attributes``, only the names an expression reads (not ``.attr``, not ``keyword=``)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name:
            yield current
        elif not attributes and (type(current) is cst.Attribute or type(current) is cst.Arg):
            stack.append(current.value)
        else:
            stack.extend(children(current))


def reads_any(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` (including nested function bodies) mentions any of ``names``."""
    return any(found.value in names for found in names_in(node))


def free_names(node: cst.CSTNode) -> set[str]:
    """The names an expression reads (attribute names and keywords excluded)."""
    return {found.value for found in names_in(node, attributes=False)}


def mentions(node: cst.CSTNode, name: str) -> int:
    """How many times ``node`` (including nested function bodies) names ``name``."""
    return sum(1 for found in names_in(node) if found.value == name)


def lazily_initialised(function: cst.FunctionDef, name: str) -> bool:
    """Every store to ``name`` in ``function`` sits under ``if name is None:`` (or ``if not
    name:``): the lazy initialisation of a memo, which sets it once and never changes it."""
    stored = False
    stack: list[tuple[cst.CSTNode, bool]] = [(s, False) for s in statements(function.body)]
    while stack:
        current, guarded = stack.pop()
        if type(current) is cst.SimpleStatementLine:
            stack.extend((small, guarded) for small in current.body)
        elif isinstance(current, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = [t.target for t in current.targets] if isinstance(current, cst.Assign) \
                else [current.target]
            if any(name in target_names(t) for t in targets):
                if not guarded or type(current) is cst.AugAssign:
                    return False
                stored = True
        elif type(current) is cst.If:
            inside = guarded or _tests_unset(current.test, name)
            stack.extend((s, inside) for s in statements(current.body))
            if current.orelse is not None:
                stack.append((current.orelse, guarded))
        else:
            stack.extend((s, guarded) for s in inner_statements(current))
    return stored


def _tests_unset(test: cst.BaseExpression, name: str) -> bool:
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return type(test.expression) is cst.Name and test.expression.value == name
    return type(test) is cst.Comparison and type(test.left) is cst.Name \
        and test.left.value == name and len(test.comparisons) == 1 \
        and type(test.comparisons[0].operator) is cst.Is \
        and type(test.comparisons[0].comparator) is cst.Name \
        and test.comparisons[0].comparator.value == "None"


# -- where a value is kept: names and paths passed as arguments ---------------------------


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


# -- bindings and exits of blocks -------------------------------------------------------


def assigned_in(body: cst.CSTNode) -> set[str]:
    """Names bound anywhere in a loop body (not descending into nested functions)."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        t = type(node)
        if t in (cst.FunctionDef, cst.Lambda, cst.ClassDef):
            continue
        if type(node) is cst.AssignTarget:
            names.update(target_names(node.target))
            # `self.key, sub = split(self.key)` rebinds the key kept in self.key
            names.update(target_paths(node.target))
        elif type(node) is cst.AugAssign or type(node) is cst.AnnAssign:
            names.update(target_names(node.target))
        elif type(node) is cst.For or type(node) is cst.CompFor:
            names.update(target_names(node.target))
        elif type(node) is cst.NamedExpr:
            names.update(target_names(node.target))
        stack.extend(children(node))
    return names


def target_paths(target: cst.BaseExpression) -> list[str]:
    """Attributes and entries bound by an assignment target (``self.key, sub``)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [p for element in target.elements for p in target_paths(element.value)]
    path = key_path(target) if isinstance(target, (cst.Attribute, cst.Subscript)) else None
    return [path] if path is not None else []


def leaves_loop(statement: cst.CSTNode) -> bool:
    return type(statement) is cst.SimpleStatementLine and bool(statement.body) and \
        isinstance(statement.body[-1], (cst.Return, cst.Break, cst.Raise))


def ends_by_leaving(body: cst.BaseSuite) -> bool:
    """The block ends by leaving: ``return``, ``raise``, ``continue`` or ``break``."""
    last = statements(body)[-1] if statements(body) else None
    return type(last) is cst.SimpleStatementLine and isinstance(
        last.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))
