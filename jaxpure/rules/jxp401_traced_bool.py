from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, TRACED, TRACED_ARRAY, holds_only_untraced, is_traced, single_assignment,
)
from jaxpure.rules._shared import GuardedByExcept, snippet, under
from jaxpure.rules.base import Rule


class TracedBool(GuardedByExcept, Rule):
    """
    ## What it does
    Checks for Python control flow that needs a concrete boolean from a traced value:
    `if`/`elif`/`while` tests, conditional expressions, `and`/`or`/`not`, `assert`,
    `bool()`, `min()`/`max()` over traced values, `any()`/`all()` over traced elements,
    and `x in [...]`. Also, in any function, jitted or not, a truth test of an argument
    the function hands to `jax.random` as a key (`if not key:`, `rng or default`).

    ## Why is this bad?
    Under `jax.jit`, `vmap`, `pmap` and inside `lax` bodies the value is an abstract
    tracer with no concrete truth value, so Python raises `TracerBoolConversionError` at
    trace time. A PRNG key has no truth value even outside a transformation: a raw
    uint32[2] key is ambiguous (`ValueError`), a typed key cannot be converted (`TypeError`).

    ## Known problems
    Code inside a `try` whose `except` catches what a tracer raises there (`TypeError`,
    `ConcretizationTypeError`, ...) is a concreteness guard and is not reported; nor are
    NumPy values converted in such a `try` whose handler returns, after it.
    Tests on static properties (`x.shape`, `x.ndim`, `len(x)`, `x.dtype`, `np.size(x)`,
    `np.shape(x)`, `is None`, `isinstance`), on arguments named in
    `static_argnums`/`static_argnames`, and under a bare `jax.grad` (which keeps concrete
    values) are fine and not reported. Nor is code under `if n is None:` in a helper whose
    every traced caller passes `n` a value that cannot be `None` (a literal, an array, a
    parameter declared `int`): only eager callers take that branch; nor under `if not
    skip_checks:` in one whose every traced caller passes `skip_checks=True`. A value whose
    kind the analysis cannot tell (the result of an arbitrary helper) is not reported, and
    neither is the truth value of a bare argument (`if mask:`), which may be `None` or a
    pytree, unless the argument is annotated as an array or scalar, is named as a boolean
    (`done`, `training`, `deterministic`, `is_*`, `has_*`, `use_*`), or has a scalar default
    (`training=False`) that a call in the module passes: jit traces a passed Python scalar,
    while a default that is never passed stays a Python value. A parameter declared a
    string or a dtype (`axis_name: str | None = None`, `Literal["mean", "sum"]`,
    `dtype: jnp.dtype`, `DTypeLike | None`), or defaulting to a dtype (`dtype=jnp.float32`),
    is never a tracer: jit refuses a string or dtype argument that is not static, vmap
    and grad hand one on as it is.
    An attribute of a value whose class the project does not define (a pytree class of
    another package) may be static aux data, like e3nn's `x.irreps`: the elements of a Python
    loop over it and a membership test in it (`for ir in x.irreps: if ir in wanted:`) are
    not reported. Used as an array (`x.count > 1`, `x.array.sum() > 0`) it is.

    ## Example
    ```python
    @jax.jit
    def relu(x):
        if x > 0:
            return x
        return 0.0
    ```

    ## Use instead
    ```python
    @jax.jit
    def relu(x):
        return jnp.where(x > 0, x, 0.0)
    ```
    or `jax.lax.cond`, or mark the argument static if it is a Python value.

    ## Fix safety
    No fix is offered: the right rewrite (`jnp.where`, `lax.cond`, a static argument)
    depends on intent.
    """

    code = "JXP401"
    name = "traced-bool"
    summary = "Python control flow on a traced value"
    VALID = (
        # any()/all() over static tests of traced leaves
        "import jax\n@jax.jit\ndef f(params, x):\n    if all(p.ndim == 2 for p in jax.tree.leaves(params)):\n        x = x + 1\n    return x\n",
        "import jax\n@jax.jit\ndef f(x):\n    if x.shape[0] > 1 and x.ndim == 1:\n        return x\n    return -x\n",
        "import jax\n@jax.jit\ndef f(x, y=None):\n    if y is None:\n        return x\n    return x + y\n",
        "from functools import partial\nimport jax\n@partial(jax.jit, static_argnums=(1,))\ndef f(x, n):\n    if n > 2:\n        return x\n    return -x\n",
        "import jax\n@jax.jit(static_argnames='mode')\ndef f(x, mode):\n    if mode == 'a':\n        return x\n    return -x\n",
        "import jax\n@jax.grad\ndef f(x):\n    if x > 0:\n        return x ** 2\n    return -x\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n    return jnp.where(x > 0, x, 0.0)\n",
        "import jax\n@jax.jit\ndef f(x):\n    if isinstance(x, tuple) or len(x) > 2:\n        return x\n    return x\n",
        "import jax\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n",
        "import jax\n@jax.jit\ndef f(params):\n    if 'w' in params:\n        return params['w']\n    return params\n",
        "import equinox as eqx\n@eqx.filter_jit\ndef f(x, flag):\n    if flag:\n        return x\n    return -x\n",
        "import jax\ndef f(seed=None):\n    return jax.random.PRNGKey(seed or 0)\n",
    )
    INVALID = (
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(leaves):\n    return [g for g in leaves if jnp.linalg.norm(g) > 0]\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(grads, x):\n    ok = all(jnp.all(jnp.isfinite(g)) for g in jax.tree.leaves(grads))\n    return x if ok else -x\n",
        'import jax\ndef make(warmup):\n    def schedule(step):\n        if step < warmup:\n            return 0.1\n        return 1.0\n    return schedule\nlr = make(10)\n@jax.jit\ndef f(x, step):\n    return x * lr(step)\n',
        "import jax\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n",
        "from jax import jit\n@jit\ndef f(x):\n    while x < 10:\n        x = x * 2\n    return x\n",
        "import jax\n@jax.vmap\ndef f(x):\n    return x if x.sum() > 0 else -x\n",
        "import jax\n@jax.jit\ndef f(x):\n    assert x > 0\n    return x\n",
        "import jax\nfrom jax import lax\ndef body(i, c):\n    if c > 1:\n        return c\n    return c + i\ndef run(c):\n    return lax.fori_loop(0, 3, body, c)\n",
        "import jax\n@jax.jit\ndef f(x: jax.Array):\n    if not x:\n        return x\n    return -x\n",
        "import jax\ndef g(x):\n    return x if x > 0 else 0\nf = jax.jit(g)\n",
        "import jax\ndef f(shape, key=None):\n    if not key:\n        key = jax.random.key(0)\n    return jax.random.uniform(key, shape)\n",
    )

    def __init__(self) -> None:
        # per file (a rule instance checks one file): the tests already reported, the elifs seen
        self._reported_ids: set[int] = set()
        self._elifs: set[int] = set()


    def _reported(self, ctx: Context) -> set[int]:
        return self._reported_ids

    def _test(self, ctx: Context, test: cst.BaseExpression, construct: str) -> None:
        """Report the operands of a boolean context whose truth value needs a tracer."""
        via = ctx.strict_via
        reported = self._reported(ctx)
        reported.add(id(test))
        if type(test) is cst.BooleanOperation:
            self._test(ctx, test.left, construct)
            # `isinstance(g, int) and g == 1`: the right side only runs on Python values
            if not (type(test.operator) is cst.And and holds_only_untraced(ctx, test.left)):
                self._test(ctx, test.right, construct)
            return
        if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            self._test(ctx, test.expression, construct)
            return
        if via is None or ctx.kind(test) != TRACED_ARRAY:
            if ctx.is_drawn_key_parameter(test):
                self._report_key_test(ctx, test, construct)
            return
        self.report(
            ctx,
            test,
            f"Python `{construct}` on traced value `{snippet(ctx, test)}` raises "
            f"TracerBoolConversionError under {under(ctx, via)}; use jnp.where or lax.cond",
            detail="Python control flow needs a concrete bool, and a traced value has none "
            "until the compiled function runs. Use jnp.where or jax.lax.cond, or make the "
            "value a static argument (static_argnums/static_argnames).",
        )

    def _report_key_test(self, ctx: Context, test: cst.BaseExpression, construct: str) -> None:
        name = snippet(ctx, test)
        self.report(
            ctx,
            test,
            f"Python `{construct}` on PRNG key `{name}` raises, jitted or not: a key array "
            f"has no truth value; test `{name} is None`",
            detail="The function uses this argument as a key (it hands it to jax.random, or "
            "defaults it with a new key), so a caller "
            "passes a key array: a raw uint32[2] key is ambiguous as a bool (ValueError) and a "
            "typed key cannot be converted at all (TypeError). Only `None` passes the test, "
            "so write `is None` / `is not None`.",
        )

    def visit_If(self, node: cst.If, ctx: Context) -> None:
        elifs = self._elifs
        if type(node.orelse) is cst.If:
            elifs.add(id(node.orelse))
        self._test(ctx, node.test, "elif" if id(node) in elifs else "if")

    def visit_While(self, node: cst.While, ctx: Context) -> None:
        self._test(ctx, node.test, "while")

    def visit_IfExp(self, node: cst.IfExp, ctx: Context) -> None:
        self._test(ctx, node.test, "... if ... else ...")

    def visit_Assert(self, node: cst.Assert, ctx: Context) -> None:
        self._test(ctx, node.test, "assert")

    def visit_CompIf(self, node: cst.CompIf, ctx: Context) -> None:
        self._test(ctx, node.test, "for ... if")

    def visit_BooleanOperation(self, node: cst.BooleanOperation, ctx: Context) -> None:  # noqa: D102
        if id(node) in self._reported(ctx):
            return
        # outside a test, only the left operand's truth value is taken
        construct = "and" if type(node.operator) is cst.And else "or"
        self._test(ctx, node.left, construct)

    def visit_UnaryOperation(self, node: cst.UnaryOperation, ctx: Context) -> None:
        if type(node.operator) is cst.Not and id(node) not in self._reported(ctx):
            self._test(ctx, node.expression, "not")

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        if ctx.strict_via is None or not node.args:
            return
        qual = ctx.qualname(node.func)
        if qual == "builtins.bool":
            self._test(ctx, node.args[0].value, "bool()")
        elif qual in ("builtins.min", "builtins.max", "builtins.sorted"):
            args = [a.value for a in node.args if a.keyword is None]
            traced = [a for a in args if is_traced(ctx.kind(a))]
            # one argument of unknown type: `sorted(batch)` of a dict pytree sorts its keys
            single = (TRACED_ARRAY,) if qual == "builtins.sorted" and not _python_sequence(
                ctx, args[0]) else (TRACED, TRACED_ARRAY)
            if traced and (len(args) > 1 or ctx.kind(args[0]) in single):
                name = qual.split(".")[1]
                self.report(
                    ctx,
                    node,
                    f"Python `{name}()` compares traced values, which raises "
                    f"TracerBoolConversionError under {under(ctx, ctx.strict_via)}; use "
                    f"jnp.{'sort' if name == 'sorted' else name + 'imum'} instead",
                )

        elif qual in ("builtins.any", "builtins.all") and len(node.args) == 1 \
                and node.args[0].keyword is None and not node.args[0].star:
            elements = _elements(node.args[0].value)
            if elements is not None and ctx.kind(elements) == TRACED_ARRAY:
                name = qual.split(".")[1]
                self.report(
                    ctx,
                    node,
                    f"Python `{name}()` on traced elements raises TracerBoolConversionError "
                    f"under {under(ctx, ctx.strict_via)}; use jnp.{name}",
                    detail="It takes the truth value of each element, which a tracer does not "
                    f"have. Use jnp.{name}(jnp.stack([...])) or combine with "
                    f"jnp.logical_{'or' if name == 'any' else 'and'}.",
                )

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        if ctx.strict_via is None or len(node.comparisons) != 1:
            return
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)) and isinstance(
            target.comparator, (cst.List, cst.Tuple, cst.Set)
        ) and ctx.kind(node.left) == TRACED_ARRAY:
            self.report(
                ctx,
                node,
                f"`{snippet(ctx, node)}` compares a traced value with each element in Python, "
                f"which raises TracerBoolConversionError under {under(ctx, ctx.strict_via)}; "
                "use jnp.isin",
            )


SEQUENCE_EXPRESSIONS = (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)


def _python_sequence(ctx: Context, value: cst.BaseExpression) -> bool:
    """A list or tuple built in place, or a local name bound once to one."""
    if type(value) is cst.Name and ctx.unit is not None \
            and type(ctx.unit.node) is cst.FunctionDef:
        value = single_assignment(ctx.unit.node.body, value.value) or value
    return isinstance(value, SEQUENCE_EXPRESSIONS)


def _elements(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """What ``any()``/``all()`` takes the truth value of: a comprehension's element, or each
    element of a literal list or tuple (only when they all are one kind of expression)."""
    if isinstance(value, (cst.GeneratorExp, cst.ListComp, cst.SetComp)):
        return value.elt
    if isinstance(value, (cst.List, cst.Tuple)) and len(value.elements) == 1 \
            and not type(value.elements[0]) is cst.StarredElement:
        return value.elements[0].value
    return None


