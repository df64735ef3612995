from __future__ import annotations

import libcst as cst

from jaxpure.analysis.context import Context
from jaxpure.analysis.index import Unit
from jaxpure.analysis.syntax import call_arg, returned_values, statements, target_names
from jaxpure.rules.base import Rule

# primitive -> (body position, body keyword, init position, init keyword, carry param index)
LOOPS = {
    "jax.lax.scan": (0, "f", 1, "init", 0),
    "jax.lax.fori_loop": (2, "body_fun", 3, "init_val", 1),
    "jax.lax.while_loop": (1, "body_fun", 2, "init_val", 0),
}
BRANCHES = {"jax.lax.cond", "jax.lax.switch"}

Structure = tuple[str, object]


def structure(expr: cst.BaseExpression | None) -> Structure | None:
    """A literal's pytree shape: ("dict", keys) or ("tuple", length); None if unknown."""
    if isinstance(expr, cst.Dict):
        keys = []
        for element in expr.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                return None
            keys.append(element.key.evaluated_value)
        return ("dict", frozenset(keys))
    if isinstance(expr, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
            return None
        return ("tuple", len(expr.elements))
    return None


def describe(shape: Structure) -> str:
    kind, detail = shape
    if kind == "dict":
        return "a dict with keys {" + ", ".join(repr(k) for k in sorted(detail)) + "}"  # type: ignore[arg-type]
    return f"a tuple of {detail}"


def unpacked_carry(unit: Unit, param_index: int) -> Structure | None:
    """``a, b = carry`` as the body's first statement gives the carry as a 2-tuple."""
    positional = [p for p in unit.params if p.index >= 0]
    if param_index >= len(positional) or isinstance(unit.node, cst.Lambda):
        return None
    name = positional[param_index].name
    body = statements(unit.node.body)
    for statement in body[:3]:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and isinstance(small.value, cst.Name) \
                        and small.value.value == name and len(small.targets) == 1 \
                        and isinstance(small.targets[0].target, (cst.Tuple, cst.List)):
                    target = small.targets[0].target
                    if not any(isinstance(e.value, cst.StarredElement) for e in target.elements):
                        return ("tuple", len(target_names(target)))
    return None


class PytreeStructureChange(Rule):
    """
    ## What it does
    Checks that a `lax.scan`/`fori_loop`/`while_loop` body returns a carry with the same
    structure it receives (the same dict keys, the same tuple length), that the branches of
    `lax.cond`/`lax.switch` return the same structure, and that a jitted step function does
    not return a state with a key its input may lack (one it reads with `state.get(k, default)`
    or tests with `k in state`).

    ## Why is this bad?
    Loop carries and branch outputs must have identical pytree structure: JAX raises a
    `TypeError` ("carry input and carry output must have the same pytree structure") at
    trace time. A jitted step whose state gains or loses keys retraces every time.

    ## Known problems
    Only literal structures are compared (`{"h": ...}`, `(a, b)`, `a, b = carry`); carries
    built by helpers are not analysed. A step function whose state is never fed back into
    it would not retrace; reading a key with a default is taken as the sign that it is.

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
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    return {'count': state['count'] + 1, 'total': state['total'] + x}\n",
        "import jax\n@jax.jit\ndef f(cfg, x):\n    return {'y': x * cfg.get('scale', 1.0)}\n",
        "from jax import lax\ndef run(xs):\n    return lax.cond(xs > 0, lambda: (xs, xs), lambda: (xs, -xs))\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )
    INVALID = (
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x, 'extra': x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    new = dict(state)\n    new['total'] = state.get('total', 0.0) + x\n    return new\n",
        "import jax\n@jax.jit\ndef step(state):\n    extra = state['extra'] if 'extra' in state else 0.0\n    return {'count': state['count'] + 1, 'extra': extra}\n",
        "from jax import lax\ndef run(x):\n    return lax.cond(x > 0, lambda: (x, x), lambda: x + 1)\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b, i\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        qual = ctx.qualname(node.func)
        if qual in LOOPS:
            self._loop(ctx, node, qual)
        elif qual in BRANCHES:
            self._branches(ctx, node, qual)
        else:
            self._maybe_missing_get(ctx, node)

    # -- a step function whose state gains keys -----------------------------------------
    # `state.get("total", 0.0)` or `"total" not in state` says the key may be missing from
    # the input; returning a state that has it changes the structure from one call to the
    # next, so a jitted step retraces (and a lax loop over it fails).

    def _state(self, ctx: Context) -> dict:
        return ctx.state("JXP501.step", dict)  # type: ignore[return-value]

    def _input_param(self, ctx: Context, node: cst.BaseExpression) -> str | None:
        info = ctx.info
        unit = ctx.unit
        if info is None or not info.direct or info.caching_via is None or unit is None:
            return None
        if isinstance(node, cst.Name) and unit.param(node.value) is not None \
                and node.value not in unit.assigned and node.value not in info.static_params:
            return node.value
        return None

    def _maybe_missing_get(self, ctx: Context, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "get" and len(node.args) == 2:
            key = node.args[0].value
            if isinstance(key, cst.SimpleString) and self._input_param(ctx, func.value):
                self._state(ctx).setdefault(id(ctx.unit), {})[key.evaluated_value] = node

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        if len(node.comparisons) != 1 or not isinstance(node.left, cst.SimpleString):
            return
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)) and \
                self._input_param(ctx, target.comparator):
            self._state(ctx).setdefault(id(ctx.unit), {})[node.left.evaluated_value] = node

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        target = node.targets[0].target if len(node.targets) == 1 else None
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) \
                and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index) \
                and isinstance(target.slice[0].slice.value, cst.SimpleString) and ctx.unit is not None:
            stores = ctx.state("JXP501.stores", dict)
            key = (id(ctx.unit), target.value.value)
            stores.setdefault(key, []).append((target.slice[0].slice.value.evaluated_value, node))  # type: ignore[union-attr]

    def visit_Return(self, node: cst.Return, ctx: Context) -> None:
        missing = self._state(ctx).get(id(ctx.unit))
        if not missing or node.value is None:
            return
        value = node.value
        if isinstance(value, cst.Tuple) and value.elements:
            value = value.elements[0].value  # (new_state, output)
        added: list[tuple[str, cst.CSTNode]] = []
        if isinstance(value, cst.Dict):
            for element in value.elements:
                if isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString):
                    added.append((element.key.evaluated_value, element))  # type: ignore[arg-type]
        elif isinstance(value, cst.Name):
            stores = ctx.state("JXP501.stores", dict)
            added.extend(stores.get((id(ctx.unit), value.value), []))  # type: ignore[union-attr]
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
        body_pos, body_kw, init_pos, init_kw, carry_index = LOOPS[qual]
        body = call_arg(node, body_pos, body_kw)
        unit = ctx.resolver.function(body, ctx.unit) if body is not None else None
        if unit is None:
            return
        expected = structure(call_arg(node, init_pos, init_kw)) or unpacked_carry(unit, carry_index)
        if expected is None:
            return
        for value in returned_values(unit.node):
            carry = value
            if qual == "jax.lax.scan":
                if not isinstance(value, cst.Tuple) or len(value.elements) != 2:
                    continue
                carry = value.elements[0].value
            got = structure(carry) or structure(_local_literal(unit, carry))
            if got is not None and got != expected:
                self.report(
                    ctx,
                    carry,
                    f"The {qual} body returns a carry that is {describe(got)} but receives "
                    f"{describe(expected)}; JAX raises TypeError (carry input and output must "
                    "have the same pytree structure): initialise the carry with its final structure",
                )

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
                got = ("leaf", None) if _is_leafish(value) else structure(value)
                if got is None:
                    continue
                if first is None:
                    first = got
                elif got != first:
                    self.report(
                        ctx,
                        value,
                        f"This {qual} branch returns {_describe_any(got)} but another returns "
                        f"{_describe_any(first)}; JAX raises TypeError (branch outputs must have "
                        "the same pytree structure)",
                    )
                    return


def _is_leafish(value: cst.BaseExpression) -> bool:
    """Arithmetic or a number: certainly a single array leaf, not a container."""
    return isinstance(value, (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float))


def _describe_any(shape: Structure) -> str:
    return "a single array" if shape[0] == "leaf" else describe(shape)


def _local_literal(unit: Unit, value: cst.BaseExpression) -> cst.BaseExpression | None:
    """``new`` in ``new = {...}; return new, x``: the literal a local bound once holds."""
    if not isinstance(value, cst.Name) or unit.assigned.get(value.value) != 1 \
            or isinstance(unit.node, cst.Lambda):
        return None
    for statement in statements(unit.node.body):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                        isinstance(small.targets[0].target, cst.Name) and \
                        small.targets[0].target.value == value.value:
                    return small.value
    return None
