from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    ARRAY_ATTRS, BRANCH_PRIMITIVES, CARRY_LOOPS, Context, NAMEDTUPLE_FACTORIES, PYTREE_BASES,
    PYTREE_DECORATORS, PYTREE_REGISTRATIONS, STATIC_ATTRS, Unit, call_arg, children,
    refers_to_module, returned_values, single_value, statements, target_names,
)
from jaxpure.rules.base import Rule


Structure = tuple[str, object]


def structure(expr: cst.BaseExpression | None) -> Structure | None:
    """A literal's pytree shape: ("dict", keys), ("tuple", length) or ("list", length)
    (JAX flattens a list and a tuple to different nodes); None if unknown."""
    if type(expr) is cst.Dict:
        keys = []
        for element in expr.elements:
            if not type(element) is cst.DictElement or not type(element.key) is cst.SimpleString:
                return None
            keys.append(element.key.evaluated_value)
        return ("dict", frozenset(keys))
    if isinstance(expr, (cst.Tuple, cst.List)):
        if any(type(e) is cst.StarredElement for e in expr.elements):
            return None
        return ("list" if type(expr) is cst.List else "tuple", len(expr.elements))
    return None


def describe(shape: Structure, plain: bool = False) -> str:
    kind, detail = shape
    if kind == "dict":
        return "a dict with keys {" + ", ".join(repr(k) for k in sorted(detail)) + "}"
    if kind == "class":
        name, what = detail  # type: ignore[misc]
        return f"a `{name}` {what}"
    if kind == "fields":
        return f"an object with fields {detail} (a dataclass or NamedTuple)"
    if kind == "list":
        return f"a list of {detail}"
    return f"a plain tuple of {detail}" if plain else f"a tuple of {detail}"


def unpacked_carry(unit: Unit, param_index: int) -> Structure | None:
    """``a, b = carry`` as the body's first statement gives the carry as a 2-tuple."""
    positional = [p for p in unit.params if p.index >= 0]
    if param_index >= len(positional) or type(unit.node) is cst.Lambda:
        return None
    name = positional[param_index].name
    body = statements(unit.node.body)
    for statement in body[:3]:
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                if type(small) is cst.Assign and type(small.value) is cst.Name \
                        and small.value.value == name and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, (cst.Tuple, cst.List)):
                    target = small.targets[0].target
                    if not any(type(e.value) is cst.StarredElement for e in target.elements):
                        return ("tuple", len(target_names(target)))
    return None


def field_carry(unit: Unit, param_index: int) -> frozenset[str] | None:
    """The fields read from the carry parameter (``p.pos``, ``p.vel``) when it is used only
    that way: no subscript, no unpacking, no array attribute or method (``p.shape``,
    ``p.sum()``), and not passed on whole, which could hand it to anything."""
    positional = [p for p in unit.params if p.index >= 0]
    if param_index >= len(positional) or type(unit.node) is cst.Lambda:
        return None
    name = positional[param_index].name
    if name in unit.assigned:
        return None
    fields: set[str] = set()
    stack: list[cst.CSTNode] = [unit.node.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Attribute and type(node.value) is cst.Name \
                and node.value.value == name:
            attr = node.attr.value
            if attr in STATIC_ATTRS or attr in ARRAY_ATTRS or attr.startswith("_"):
                return None
            fields.add(attr)
            continue
        if type(node) is cst.Call and type(node.func) is cst.Attribute \
                and type(node.func.value) is cst.Name and node.func.value.value == name:
            return None  # a method: `p.sum()`, `p.replace(...)`
        if type(node) is cst.Name and node.value == name:
            return None  # used whole: `f(p)`, `p[...]`, `a, b = p`, `return p`
        stack.extend(children(node))  # libcst's .children runs a visitor: slow
    return frozenset(fields) if fields else None


# -- classes whose instances are pytree nodes of their own type ---------------------------
# A NamedTuple or a registered pytree class flattens to a node of *that class*: a carry that
# goes in as `State(h, c)` and comes out as `(h, c)` has a different structure.


def pytree_class(ctx: Context, name: str) -> str | None:
    """What the module-level class ``name`` is ("NamedTuple", ...) if its instances are
    pytree nodes of their own type; None when unknown (or a plain class, or rebound)."""
    cache = ctx.facts.pytree_classes
    if name not in cache:
        cache[name] = _classify(ctx, name)
    return cache[name]


def _classify(ctx: Context, name: str) -> str | None:
    index = ctx.index
    bindings = index.bindings.get(name)
    if not bindings or len(bindings) != 1 or name in index.global_writes:
        return None
    qualname = ctx.resolver.qualname
    value = bindings[0].value
    if value is not None:  # State = namedtuple("State", "h c")
        if type(value) is cst.Call and qualname(value.func, None) in NAMEDTUPLE_FACTORIES:
            return "NamedTuple"
        return None
    node = index.class_nodes.get(name)
    if node is None:
        return None
    for base in node.bases:
        if base.keyword is not None:
            continue
        found = PYTREE_BASES.get(qualname(base.value, None) or "")
        if found is not None:
            return found
        if type(base.value) is cst.Call and qualname(base.value.func, None) in NAMEDTUPLE_FACTORIES:
            return "NamedTuple"  # class State(namedtuple("State", "h c")): ...
    for decorator in node.decorators:
        func = decorator.decorator
        if type(func) is cst.Call:
            inner = func
            func = inner.func
            if qualname(func, None) == "functools.partial" and inner.args:
                func = inner.args[0].value  # @partial(register_dataclass, data_fields=...)
        found = PYTREE_DECORATORS.get(qualname(func, None) or "")
        if found is not None:
            return found
    for call in index.module_calls:
        first = call_arg(call, 0)
        if type(first) is cst.Name and first.value == name \
                and qualname(call.func, None) in PYTREE_REGISTRATIONS:
            return "registered pytree class"
    return None


def class_structure(ctx: Context, expr: cst.BaseExpression | None, unit: Unit | None) -> Structure | None:
    """``State(h, c)``, where State is a module-level NamedTuple or pytree class: ("class", ...)."""
    if type(expr) is cst.Call and type(expr.func) is cst.Name \
            and refers_to_module(unit, expr.func.value):
        what = pytree_class(ctx, expr.func.value)
        if what is not None:
            return ("class", (expr.func.value, what))
    return None


def _parts(expr: cst.BaseExpression) -> dict[object, cst.BaseExpression]:
    """The elements of a tuple/list literal by position, of a dict literal by key."""
    if isinstance(expr, (cst.Tuple, cst.List)):
        return {i: e.value for i, e in enumerate(expr.elements)}
    if type(expr) is cst.Dict:
        return {e.key.evaluated_value: e.value for e in expr.elements
                if type(e) is cst.DictElement and type(e.key) is cst.SimpleString}
    return {}


def bound_value(
    ctx: Context, unit: Unit | None, expr: cst.BaseExpression
) -> tuple[cst.BaseExpression, Unit | None]:
    """A name bound exactly once (``init = State(...)``, in its function or the module):
    the value it holds, and the scope that value is read in; anything else as it is."""
    found = single_value(ctx.index, unit, expr.value) if type(expr) is cst.Name else None
    return found if found is not None else (expr, unit)


class PytreeStructureChange(Rule):
    """
    ## What it does
    Checks that a `lax.scan`/`fori_loop`/`while_loop` body returns a carry with the same
    structure it receives (the same dict keys, the same tuple length, the same container
    type), that the branches of `lax.cond`/`lax.switch` return the same structure, and that a
    jitted step function does not return a state with a key its input may lack (one it reads
    with `state.get(k, default)` or tests with `k in state`).

    The container type matters: a carry that goes in as a NamedTuple (`class S(NamedTuple)`,
    `collections.namedtuple`) or a registered pytree class (`@jax.tree_util.register_dataclass`,
    `@flax.struct.dataclass`, `@chex.dataclass`, `flax.struct.PyTreeNode`, `equinox.Module`)
    and comes out as a plain tuple, list or dict (or as another such class), or the reverse,
    changes structure. Literals are compared element by element, so `(S(h, c), n)` against
    `((h, c), n)` is found too.

    ## Why is this bad?
    Loop carries and branch outputs must have identical pytree structure: JAX raises a
    `TypeError` ("carry input and carry output must have the same pytree structure") at
    trace time. A jitted step whose state gains or loses keys retraces every time.

    ## Known problems
    Only literal structures (`{"h": ...}`, `(a, b)`, `a, b = carry`) and direct calls of a
    class defined in the same module (`S(h, c)`) are compared, also through a name bound
    once (`init = S(...)`); carries built by helpers, `state._replace(...)`,
    `dataclasses.replace(...)`, `type(state)(...)` or classes imported from other modules are
    not analysed. A list literal and a tuple literal differ (as in JAX), but `a, b = carry`
    tells only the length of an unknown carry. A step function whose state is never fed back into it would not retrace;
    reading a key with a default is taken as the sign that it is.

    ## Example
    ```python
    def body(c, x):
        return {"h": c["h"] + x, "extra": x}, x

    jax.lax.scan(body, {"h": 0.0}, xs)
    ```

    ## Use instead
    ```python
    def body(c, x):
        return {"h": c["h"] + x, "extra": x}, x

    jax.lax.scan(body, {"h": 0.0, "extra": 0.0}, xs)
    ```

    ## Fix safety
    No fix is offered.
    """

    code = "JXP501"
    name = "pytree-structure-change"
    summary = "A loop carry or branch output changes its pytree structure"
    VALID = (
        "import dataclasses\nimport jax\ndef simulate(p0, n):\n    def step(p, _):\n        vel = p.vel - p.pos\n        return dataclasses.replace(p, vel=vel), p.pos\n    return jax.lax.scan(step, p0, None, length=n)\n",
        "import jax\ndef run(x0, n):\n    def step(x, _):\n        return (x * x.shape[0], x.sum()), x\n    return jax.lax.scan(step, x0, None, length=n)\n",
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    return {'count': state['count'] + 1, 'total': state['total'] + x}\n",
        "import jax\n@jax.jit\ndef f(cfg, x):\n    return {'y': x * cfg.get('scale', 1.0)}\n",
        "from jax import lax\ndef run(xs):\n    return lax.cond(xs > 0, lambda: (xs, xs), lambda: (xs, -xs))\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
        "import jax\nfrom typing import NamedTuple\nclass S(NamedTuple):\n    h: float\n    c: float\n"
        "def step(s, x):\n    return s._replace(h=s.h + x), x\n"
        "def step2(s, x):\n    return S(s.h, s.c + x), x\n"
        "def run(xs):\n    init = S(0.0, 0.0)\n    return jax.lax.scan(step, init, xs), jax.lax.scan(step2, init, xs)\n",
        "import jax\nfrom state import S\ndef step(s, x):\n    h, c = s\n    return (h + x, c), x\n"
        "def run(xs):\n    return jax.lax.scan(step, S(0.0, 0.0), xs)\n",
    )
    INVALID = (
        "import jax\nimport jax.numpy as jnp\ndef total(xs):\n    def body(i, carry):\n        s, sq = carry\n        return (s + xs[i], sq + xs[i] ** 2)\n    init = [jnp.zeros(()), jnp.zeros(())]\n    return jax.lax.fori_loop(0, 3, body, init)\n",
        "import jax\ndef simulate(p0, n):\n    def step(p, _):\n        vel = p.vel - p.pos\n        return {'pos': p.pos + vel, 'vel': vel}, p.pos\n    return jax.lax.scan(step, p0, None, length=n)\n",
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x, 'extra': x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    new = dict(state)\n    new['total'] = state.get('total', 0.0) + x\n    return new\n",
        "import jax\n@jax.jit\ndef step(state):\n    extra = state['extra'] if 'extra' in state else 0.0\n    return {'count': state['count'] + 1, 'extra': extra}\n",
        "from jax import lax\ndef run(x):\n    return lax.cond(x > 0, lambda: (x, x), lambda: x + 1)\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b, i\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
        "import jax\nfrom typing import NamedTuple\nclass S(NamedTuple):\n    h: float\n    c: float\n"
        "def step(s, x):\n    return (s.h + x, s.c), x\n"
        "def run(xs):\n    init = S(0.0, 0.0)\n    return jax.lax.scan(step, init, xs)\n",
        "import collections\nfrom jax import lax\nPair = collections.namedtuple('Pair', 'a b')\n"
        "def body(i, carry):\n    a, b = carry\n    return Pair(a + i, b)\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )

    def __init__(self) -> None:
        # per file: id of a step function -> the state keys it must return; and
        # (unit, dict name) -> the keys stored into that dict, with where
        self._step: dict[int, dict[str, cst.CSTNode]] = {}
        self._stores: dict[tuple[int, str], list[tuple[str, cst.CSTNode]]] = {}


    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        qual = ctx.qualname(node.func)
        if qual in CARRY_LOOPS:
            self._loop(ctx, node, qual)
        elif qual in BRANCH_PRIMITIVES:
            self._branches(ctx, node, qual)
        else:
            self._maybe_missing_get(ctx, node)

    # -- a step function whose state gains keys -----------------------------------------
    # `state.get("total", 0.0)` or `"total" not in state` says the key may be missing from
    # the input; returning a state that has it changes the structure from one call to the
    # next, so a jitted step retraces (and a lax loop over it fails).

    def _state(self, ctx: Context) -> dict:
        return self._step

    def _input_param(self, ctx: Context, node: cst.BaseExpression) -> str | None:
        info = ctx.info
        unit = ctx.unit
        if info is None or not info.direct or info.caching_via is None or unit is None:
            return None
        if type(node) is cst.Name and unit.param(node.value) is not None \
                and node.value not in unit.assigned and node.value not in info.static_params:
            return node.value
        return None

    def _maybe_missing_get(self, ctx: Context, node: cst.Call) -> None:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "get" and len(node.args) == 2:
            key = node.args[0].value
            if type(key) is cst.SimpleString and self._input_param(ctx, func.value):
                self._state(ctx).setdefault(id(ctx.unit), {})[key.evaluated_value] = node

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        if len(node.comparisons) != 1 or not type(node.left) is cst.SimpleString:
            return
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)) and \
                self._input_param(ctx, target.comparator):
            self._state(ctx).setdefault(id(ctx.unit), {})[node.left.evaluated_value] = node

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        target = node.targets[0].target if len(node.targets) == 1 else None
        if type(target) is cst.Subscript and type(target.value) is cst.Name \
                and len(target.slice) == 1 and type(target.slice[0].slice) is cst.Index \
                and type(target.slice[0].slice.value) is cst.SimpleString and ctx.unit is not None:
            stores = self._stores
            key = (id(ctx.unit), target.value.value)
            stores.setdefault(key, []).append((target.slice[0].slice.value.evaluated_value, node))

    def visit_Return(self, node: cst.Return, ctx: Context) -> None:
        missing = self._state(ctx).get(id(ctx.unit))
        if not missing or node.value is None:
            return
        value = node.value
        if type(value) is cst.Tuple and value.elements:
            value = value.elements[0].value  # (new_state, output)
        added: list[tuple[str, cst.CSTNode]] = []
        if type(value) is cst.Dict:
            for element in value.elements:
                if type(element) is cst.DictElement and type(element.key) is cst.SimpleString:
                    added.append((element.key.evaluated_value, element))  # type: ignore[arg-type]
        elif type(value) is cst.Name:
            stores = self._stores
            added.extend(stores.get((id(ctx.unit), value.value), []))
        for key, where in added:
            if key in missing:
                self.report(
                    ctx,
                    where,
                    f"The returned state always has key {key!r}, but the input may lack it "
                    "(it is read with a default or tested with `in`): the state changes "
                    f"structure after the first call, so {ctx.via_description(ctx.caching_via)} "
                    "retraces and lax loops over it fail; create every key in the initial state",
                    related=(missing[key],),
                )
                return

    def _loop(self, ctx: Context, node: cst.Call, qual: str) -> None:
        body_pos, body_kw, init_pos, init_kw, carry_index = CARRY_LOOPS[qual]
        body = call_arg(node, body_pos, body_kw)
        unit = ctx.resolver.function(body, ctx.unit) if body is not None else None
        init = call_arg(node, init_pos, init_kw)
        if unit is None or init is None:
            return
        unpacked = None
        fields: frozenset[str] | None = None
        init_value = bound_value(ctx, ctx.unit, init)
        if self._shape(ctx, *init_value) is None:
            # the initial value is unknown; `a, b = carry` says it is a sequence of two
            # (a tuple, a list, a NamedTuple...): only a literal of another length differs
            unpacked = unpacked_carry(unit, carry_index)
            if unpacked is None:
                # `carry.pos`, `carry.vel`: an object with fields (a dataclass, a
                # NamedTuple), which no tuple or dict literal matches
                # (only for a value from elsewhere: a call of a plain class fails otherwise)
                fields = field_carry(unit, carry_index) \
                    if not type(init_value[0]) is cst.Call else None
                if fields is None:
                    return
        for value in returned_values(unit.node):
            carry = value
            if qual == "jax.lax.scan":
                if not type(value) is cst.Tuple or len(value.elements) != 2:
                    continue
                carry = value.elements[0].value
            if fields is not None:
                got = structure(carry) or structure(_local_literal(unit, carry))
                found = (("fields", ", ".join(f"`{f}`" for f in sorted(fields))), got, carry) \
                    if got is not None else None
            elif unpacked is not None:
                got = structure(carry) or structure(_local_literal(unit, carry))
                # `a, b = carry` tells the length, not whether it is a tuple or a list
                found = (unpacked, got, carry) if got is not None \
                    and got[0] in ("tuple", "list") and got[1] != unpacked[1] else None
            else:
                found = self._compare(ctx, (init, ctx.unit), (carry, unit), None)
            if found is not None:
                expected, got, where = found
                plain = "class" in (expected[0], got[0]) or fields is not None
                if fields is not None:
                    advice = "return the same kind of object (e.g. `dataclasses.replace(...)`)"
                elif expected[0] == "class":
                    advice = f"return a `{expected[1][0]}` (build it with `{expected[1][0]}(...)`)"
                elif got[0] == "class":
                    advice = f"initialise the carry as a `{got[1][0]}`"  # type: ignore[index]
                else:
                    advice = "initialise the carry with its final structure"
                self.report(
                    ctx,
                    where,
                    f"The {qual} body returns a carry that is {describe(got, plain)} but receives "
                    f"{describe(expected, plain)}; JAX raises TypeError (carry input and output must "
                    f"have the same pytree structure): {advice}",
                )

    def _shape(self, ctx: Context, expr: cst.BaseExpression, unit: Unit | None) -> Structure | None:
        return structure(expr) or class_structure(ctx, expr, unit)

    def _compare(
        self,
        ctx: Context,
        expected: tuple[cst.BaseExpression, Unit | None],
        got: tuple[cst.BaseExpression, Unit],
        anchor: cst.BaseExpression | None,
    ) -> tuple[Structure, Structure, cst.BaseExpression] | None:
        """The first place where the returned carry's structure differs from the initial
        value's, comparing literals element by element; None when they agree or either side
        is unknown."""
        expected_expr, expected_unit = bound_value(ctx, expected[1], expected[0])
        got_expr, body_unit = got
        resolved = _local_literal(body_unit, got_expr)
        if resolved is not None and anchor is None:
            anchor = got_expr  # report the name in the return, not its assignment
        if resolved is not None:
            got_expr = resolved
        want = self._shape(ctx, expected_expr, expected_unit)
        have = self._shape(ctx, got_expr, body_unit)
        if want is None or have is None:
            return None
        if want != have:
            return want, have, anchor or got_expr
        if want[0] in ("tuple", "list", "dict"):
            inner = _parts(got_expr)
            for key, part in _parts(expected_expr).items():
                if key in inner:
                    found = self._compare(ctx, (part, expected_unit), (inner[key], body_unit), anchor)
                    if found is not None:
                        return found
        return None

    def _branches(self, ctx: Context, node: cst.Call, qual: str) -> None:
        if qual == "jax.lax.cond":
            funcs = [call_arg(node, 1, "true_fun"), call_arg(node, 2, "false_fun")]
        else:
            branches = call_arg(node, 1, "branches")
            funcs = [e.value for e in branches.elements] if isinstance(branches, (cst.List, cst.Tuple)) else []
        first: Structure | None = None
        for func in funcs:
            unit = ctx.resolver.function(func, ctx.unit) if func is not None else None
            if unit is None:
                continue
            for value in returned_values(unit.node):
                got = ("leaf", None) if _is_leafish(value) else self._shape(ctx, value, unit)
                if got is None:
                    continue
                if first is None:
                    first = got
                elif got != first:
                    plain = "class" in (got[0], first[0])
                    self.report(
                        ctx,
                        value,
                        f"This {qual} branch returns {_describe_any(got, plain)} but another returns "
                        f"{_describe_any(first, plain)}; JAX raises TypeError (branch outputs must have "
                        "the same pytree structure)",
                    )
                    return


def _is_leafish(value: cst.BaseExpression) -> bool:
    """Arithmetic or a number: certainly a single array leaf, not a container."""
    return isinstance(value, (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float))


def _describe_any(shape: Structure, plain: bool = False) -> str:
    return "a single array" if shape[0] == "leaf" else describe(shape, plain)


def _local_literal(unit: Unit, value: cst.BaseExpression) -> cst.BaseExpression | None:
    """``new`` in ``new = {...}; return new, x``: the literal a local bound once holds."""
    if not type(value) is cst.Name or unit.assigned.get(value.value) != 1 \
            or type(unit.node) is cst.Lambda:
        return None
    for statement in statements(unit.node.body):
        if type(statement) is cst.SimpleStatementLine:
            for small in statement.body:
                if type(small) is cst.Assign and len(small.targets) == 1 and \
                        type(small.targets[0].target) is cst.Name and \
                        small.targets[0].target.value == value.value:
                    return small.value
    return None
