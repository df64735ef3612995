from __future__ import annotations

import libcst as cst

from jaxpure.analysis.context import Context
from jaxpure.analysis.index import Unit
from jaxpure.analysis.syntax import call_arg, statements, target_names
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


def returned(unit: Unit) -> list[cst.BaseExpression]:
    """The expressions a function returns (a lambda's body; `return` values of a def)."""
    node = unit.node
    if isinstance(node, cst.Lambda):
        return [node.body]
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = list(statements(node.body))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(current, cst.Return) and current.value is not None:
            found.append(current.value)
            continue
        if isinstance(current, cst.SimpleStatementLine):
            stack.extend(current.body)
        elif isinstance(current, (cst.If, cst.For, cst.While, cst.With, cst.Try, cst.Else,
                                  cst.ExceptHandler, cst.Finally)):
            for name in ("body", "orelse", "handlers", "finalbody"):
                value = getattr(current, name, None)
                if isinstance(value, cst.BaseSuite):
                    stack.extend(statements(value))
                elif isinstance(value, (cst.If, cst.Else, cst.Finally)):
                    stack.append(value)
                elif isinstance(value, (tuple, list)):
                    stack.extend(value)
    return found


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
    structure it receives (the same dict keys, the same tuple length), and that the
    branches of `lax.cond`/`lax.switch` return the same structure.

    ## Why is this bad?
    Loop carries and branch outputs must have identical pytree structure: JAX raises a
    `TypeError` ("carry input and carry output must have the same pytree structure") at
    trace time. A jitted step whose state gains or loses keys retraces every time.

    ## Known problems
    Only literal structures are compared (`{"h": ...}`, `(a, b)`, `a, b = carry`); carries
    built by helpers are not analysed.

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
        "from jax import lax\ndef run(xs):\n    return lax.cond(xs > 0, lambda: (xs, xs), lambda: (xs, -xs))\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )
    INVALID = (
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x, 'extra': x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "from jax import lax\ndef run(x):\n    return lax.cond(x > 0, lambda: (x, x), lambda: x + 1)\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b, i\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        qual = ctx.qualname(node.func)
        if qual in LOOPS:
            self._loop(ctx, node, qual)
        elif qual in BRANCHES:
            self._branches(ctx, node, qual)

    def _loop(self, ctx: Context, node: cst.Call, qual: str) -> None:
        body_pos, body_kw, init_pos, init_kw, carry_index = LOOPS[qual]
        body = call_arg(node, body_pos, body_kw)
        unit = ctx.resolver.function(body, ctx.unit) if body is not None else None
        if unit is None:
            return
        expected = structure(call_arg(node, init_pos, init_kw)) or unpacked_carry(unit, carry_index)
        if expected is None:
            return
        for value in returned(unit):
            carry = value
            if qual == "jax.lax.scan":
                if not isinstance(value, cst.Tuple) or len(value.elements) != 2:
                    continue
                carry = value.elements[0].value
            got = structure(carry)
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
            for value in returned(unit):
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
