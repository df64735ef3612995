from __future__ import annotations

import libcst as cst

from jaxpure.analysis import SHAPE_ARGS, Context, TRACED_ARRAY, call_arg, is_traced, keyword_arg
from jaxpure.rules._shared import snippet, under
from jaxpure.rules.base import Rule

# a keyword that fixes the output size, so the shape argument may be traced
STATIC_SIZE_KEYWORDS = {"jax.numpy.repeat": "total_repeat_length"}
# functions whose output size depends on the data unless `size=` is given
SIZE_DEPENDENT = frozenset(
    {"jax.numpy.nonzero", "jax.numpy.argwhere", "jax.numpy.flatnonzero", "jax.numpy.unique",
     "jax.numpy.where"}
)
BOOL_PRODUCERS = frozenset(
    {"jax.numpy.isnan", "jax.numpy.isinf", "jax.numpy.isfinite", "jax.numpy.logical_and",
     "jax.numpy.logical_or", "jax.numpy.logical_not", "jax.numpy.logical_xor",
     "jax.numpy.isclose", "jax.numpy.greater", "jax.numpy.less", "jax.numpy.equal",
     "jax.numpy.not_equal", "jax.numpy.greater_equal", "jax.numpy.less_equal",
     "jax.numpy.signbit", "jax.numpy.isin"}
)


class TracedShape(Rule):
    """
    ## What it does
    Checks for traced values used where Python needs a concrete integer: `range(n)`, slice
    bounds `x[:n]`, shapes (`jnp.zeros(n)`, `x.reshape(n, -1)`, `jax.random.normal(k, (n,))`),
    boolean-mask indexing `x[x > 0]`, and size-dependent functions (`jnp.nonzero(x)`)
    without `size=`.

    ## Why is this bad?
    Shapes must be known at trace time. Under `jit`/`vmap`/`pmap` these raise
    `TracerIntegerConversionError`, `IndexError: Slice entries must be static integers`,
    `TypeError: Shapes must be 1D sequences of concrete values`, or
    `NonConcreteBooleanIndexError`.

    ## Known problems
    `range(x.shape[0])`, `range(len(xs))`, `jnp.zeros(np.size(x))`, literal slices and
    static arguments are fine and not reported. Nor are the elements of a Python loop over
    an attribute of a value whose class the project does not define (`for n in x.sizes:
    jnp.zeros(n)`): it may be static aux data of a pytree class of another package.

    ## Example
    ```python
    @jax.jit
    def head(x, n):
        return jnp.sum(x[:n])
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="n")
    def head(x, n):
        return jnp.sum(x[:n])
    ```
    or `jax.lax.dynamic_slice`, `jnp.where(mask, x, 0)`, `jnp.nonzero(x, size=k)`.

    ## Fix safety
    No fix is offered.
    """

    code = "JXP402"
    name = "traced-shape"
    summary = "A traced value used where a concrete shape or length is needed"
    VALID = (
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, counts):\n    return jnp.repeat(x, counts, total_repeat_length=8)\n",
        "import jax\n@jax.jit\ndef f(x):\n    for i in range(x.shape[0]):\n        x = x + i\n    return x[:3]\n",
        "from functools import partial\nimport jax\nimport jax.numpy as jnp\n@partial(jax.jit, static_argnums=1)\ndef f(x, n):\n    return jnp.zeros(n) + x[:n]\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n    return jnp.nonzero(x, size=3)\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n    return jnp.where(x > 0, x, 0)\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n    return x.reshape(x.shape[0], -1)\n",
    )
    INVALID = (
        'import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(seq, n):\n    return jnp.pad(seq, (0, n - seq.shape[0]))\n',
        "import jax\n@jax.jit\ndef f(logits, k):\n    return jax.lax.top_k(logits, k)\n",
        "import jax\n@jax.jit\ndef f(labels, n):\n    return jax.nn.one_hot(labels, n)\n",
        "import jax\n@jax.jit\ndef f(x, n):\n    return x[:n]\n",
        "import jax\n@jax.jit\ndef f(x, n):\n    return sum(range(n))\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, n):\n    return jnp.zeros(n)\n",
        "import jax\n@jax.jit\ndef f(x):\n    return x[x > 0]\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x):\n    return jnp.nonzero(x)\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        via = ctx.strict_via
        if via is None:
            return
        qual = ctx.qualname(node.func)
        if qual == "builtins.range":
            for arg in node.args:
                if ctx.is_traced(arg.value):
                    self._report(ctx, arg.value, "as a `range()` bound",
                                 "TracerIntegerConversionError", via)
            return
        if qual in SHAPE_ARGS:
            static_size = STATIC_SIZE_KEYWORDS.get(qual)
            if static_size is not None and keyword_arg(node, static_size) is not None:
                return  # jnp.repeat(x, traced, total_repeat_length=n): the size is given
            for position, keyword in SHAPE_ARGS[qual]:
                value = call_arg(node, position, keyword)
                if value is not None and self._traced_shape(ctx, value):
                    self._report(ctx, value, f"as a shape argument of `{qual.replace('jax.numpy.', 'jnp.')}`",
                                 "a shape TypeError", via)
            return
        if qual in SIZE_DEPENDENT:
            if qual == "jax.numpy.where" and len(node.args) != 1:
                return
            if keyword_arg(node, "size") is None and node.args and ctx.is_traced(node.args[0].value):
                short = qual.replace("jax.numpy.", "jnp.")
                self.report(
                    ctx,
                    node,
                    f"`{short}` of a traced value raises ConcretizationTypeError under "
                    f"{under(ctx, via)}; pass `size=`",
                    detail="The result's size depends on the data. Pass `size=` (and "
                    "`fill_value=`), or use jnp.where(mask, x, 0).",
                )
            return
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in ("reshape", "broadcast_to") \
                and is_traced(ctx.kind(func.value)):
            for arg in node.args:
                if arg.keyword is None and self._traced_shape(ctx, arg.value):
                    self._report(ctx, arg.value, "as a shape argument of `.reshape()`",
                                 "a shape TypeError", via)

    def _traced_shape(self, ctx: Context, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.Tuple, cst.List)):
            return any(self._traced_shape(ctx, e.value) for e in value.elements)
        return ctx.kind(value) == TRACED_ARRAY or (
            type(value) is cst.Name and is_traced(ctx.kind(value))
        )

    def visit_Subscript(self, node: cst.Subscript, ctx: Context) -> None:
        via = ctx.strict_via
        if via is None:
            return
        for element in node.slice:
            index = element.slice
            if type(index) is cst.Slice:
                for bound in (index.lower, index.upper, index.step):
                    if bound is not None and ctx.is_traced(bound):
                        self._report(ctx, bound, "as a slice bound",
                                     "IndexError (slice entries must be static)", via,
                                     "use jax.lax.dynamic_slice or make it static")
            elif type(index) is cst.Index and self._boolean_mask(ctx, index.value):
                self.report(
                    ctx,
                    index.value,
                    f"Boolean mask `{snippet(ctx, index.value)}` on a traced value raises "
                    f"NonConcreteBooleanIndexError under {under(ctx, via)}; use jnp.where",
                    detail="The result's shape depends on the data. Use jnp.where(mask, x, 0) "
                    "or a masked reduction.",
                )

    def _boolean_mask(self, ctx: Context, value: cst.BaseExpression) -> bool:
        if not ctx.is_traced(value):
            return False
        if type(value) is cst.Comparison:
            return not any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn))
                           for c in value.comparisons)
        if type(value) is cst.UnaryOperation and type(value.operator) is cst.BitInvert:
            return self._boolean_mask(ctx, value.expression)
        if type(value) is cst.BinaryOperation and isinstance(
            value.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
        ):
            return self._boolean_mask(ctx, value.left) or self._boolean_mask(ctx, value.right)
        if type(value) is cst.Call:
            return ctx.qualname(value.func) in BOOL_PRODUCERS
        return False

    def _report(self, ctx: Context, node: cst.CSTNode, where: str, error: str, via: str,
                fix: str = "make it static") -> None:
        self.report(
            ctx,
            node,
            f"Traced value `{snippet(ctx, node)}` used {where} raises {error} under "
            f"{under(ctx, via)}; {fix}",
            detail="Shapes, sizes and slice bounds must be known when the function is traced. "
            "Make the value a static argument (static_argnums/static_argnames), or compute it "
            "from shapes.",
        )
