from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, OPERATOR_REDUCTIONS, STATIC, TRACED_ARRAY, axis_arguments, holds_tracers,
    is_python_table, is_traced,
)
from jaxpure.rules._shared import GuardedByExcept, snippet, under
from jaxpure.rules.base import Rule

# NumPy functions that hand a tracer to its own method (or only slice it) and so work
# under jit (checked under jax 0.10 / numpy 2: np.clip, np.sort, np.take, np.nonzero,
# np.diagonal, np.trace, np.ptp, np.compress, np.conj, np.searchsorted, np.expand_dims,
# np.atleast_2d, np.ravel and np.broadcast_to do not, and raise)
NUMPY_DISPATCHING = frozenset(
    {"sum", "mean", "max", "min", "amax", "amin", "prod", "any", "all", "std", "var",
     "argmax", "argmin", "cumsum", "cumprod", "round", "around", "reshape",
     "transpose", "squeeze", "swapaxes", "shape", "ndim", "size", "result_type", "dtype",
     "iinfo", "finfo", "issubdtype", "repeat", "choose", "split", "array_split", "hsplit",
     "vsplit", "dsplit", "moveaxis", "flip"}
)
# NumPy submodules whose functions convert their inputs with np.asarray
NUMPY_SUBMODULES = ("numpy.linalg.", "numpy.fft.")
CONVERTERS = {"builtins.int": "int", "builtins.float": "float", "builtins.complex": "complex"}


class Concretization(GuardedByExcept, Rule):
    """
    ## What it does
    Checks for traced values converted to concrete Python or NumPy values: `int()`,
    `float()`, `complex()`, `.item()`, `.tolist()`, `np.asarray()`/`np.array()` and NumPy
    ufuncs, `math.*`, a traced value used as an index into a Python list, tuple or dict,
    as an axis number (`jnp.expand_dims(m, tuple(jnp.arange(m.ndim, x.ndim)))`: under jit
    `jnp.arange` is staged, so the tuple holds tracers), or formatted with a format spec
    in an f-string (`f"{loss:.4f}"`).

    ## Why is this bad?
    A tracer has no concrete value at trace time. Under `jit`/`vmap`/`pmap` these raise
    `ConcretizationTypeError`, `TracerArrayConversionError` or
    `TracerIntegerConversionError`.

    ## Known problems
    Code inside a `try` whose `except` catches what a tracer raises there (`TypeError`,
    `ConcretizationTypeError`, ...) is a concreteness guard and is not reported.
    Conversions of static values (`int(x.shape[0])`, `float(cfg.lr)`, `np.prod(x.shape)`)
    and NumPy reductions that dispatch to the array's method (`np.sum(x)`) are fine and not
    reported. So is `n = int(...)` under `if n is None:` in a helper whose every traced
    caller passes `n` (a literal, an array, a parameter declared `int`, by position or by
    keyword, in this module or another): only eager callers leave it out; and so is NumPy
    code under a flag every traced caller passes as a literal that rules it out
    (`skip_checks=True`). A helper that some
    traced call leaves `n` out of, or hands a name that may be `None`, is still reported, and
    so is a function jitted itself (its callers are its users). Nor are the elements of a
    Python loop over an attribute of a value whose class the project does not define
    (`for n in x.sizes: int(n)`), which may be static aux data of a pytree class of another
    package.

    ## Example
    ```python
    @jax.jit
    def f(x):
        return float(x.sum()) + np.sin(x)
    ```

    ## Use instead
    ```python
    @jax.jit
    def f(x):
        return x.sum() + jnp.sin(x)
    ```
    Convert outside the jitted function, or use `x.astype(...)`.

    ## Fix safety
    No fix is offered.
    """

    code = "JXP403"
    name = "concretization"
    summary = "A traced value converted to a concrete Python or NumPy value"
    VALID = (
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    n = int(x.shape[0])\n    return x * n * np.prod(x.shape)\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    return np.sum(x)\n",
        "import jax\nimport numpy as np\ndef f(x):\n    return float(x.sum())\n",
        "import jax\nimport jax.numpy as jnp\nTABLE = jnp.arange(4)\n@jax.jit\ndef f(i):\n    return TABLE[i]\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, m):\n    return jnp.expand_dims(m, axis=tuple(range(m.ndim, x.ndim)))\n",
    )
    INVALID = (
        'import jax\nimport jax.numpy as jnp\nimport numpy as np\n@jax.jit\ndef f(gs):\n    return np.linalg.norm([jnp.linalg.norm(g) for g in gs])\n',
        "import jax\n@jax.jit\ndef f(x):\n    return float(x.sum())\n",
        "import jax\n@jax.jit\ndef f(x):\n    return x.item()\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    return np.sin(x)\n",
        "import jax\nimport math\n@jax.jit\ndef f(x):\n    return math.sqrt(x)\n",
        "import jax\nLAYERS = [1, 2, 3]\n@jax.jit\ndef f(i):\n    return LAYERS[i]\n",
        "import jax\n@jax.jit\ndef f(x):\n    jax.debug.print(f'loss {x.sum():.4f}')\n    return x\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, m):\n    return jnp.expand_dims(m, axis=tuple(jnp.arange(m.ndim, x.ndim)))\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        via = ctx.strict_via
        if via is None:
            return
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in ("item", "tolist") \
                and is_traced(ctx.kind(func.value)):
            self._report(ctx, node, f"`.{func.attr.value}()`", via,
                         "keep it an array (use it directly, or x.astype(...))")
            return
        for axis in axis_arguments(ctx, node):
            if holds_tracers(ctx, axis):
                self._report_axis(ctx, axis, via)
        qual = ctx.qualname(func)
        if qual is None or not node.args:
            return
        traced = [a.value for a in node.args if is_traced(ctx.kind(a.value))]
        if not traced:
            return
        if qual in CONVERTERS:
            self._report(ctx, node, f"`{CONVERTERS[qual]}()`", via,
                         f"use x.astype(jnp.{'int32' if qual.endswith('int') else 'float32'}) "
                         "or convert outside the transformed function")
        elif qual.startswith("numpy.") and (qual.count(".") == 1 and qual.split(".")[1]
                                            not in NUMPY_DISPATCHING
                                            or qual.startswith(NUMPY_SUBMODULES)):
            short = qual.replace("numpy.", "np.")
            self._report(ctx, node, f"`{short}()`", via,
                         f"use {short.replace('np.', 'jnp.')}() instead",
                         error="TracerArrayConversionError")
        elif qual.startswith("math.") and qual not in OPERATOR_REDUCTIONS:
            self._report(ctx, node, f"`{qual}()`", via,
                         f"use jnp.{qual.split('.', 1)[1]}() instead")

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression,
                                        ctx: Context) -> None:
        # f"{loss:.4e}": the format spec asks the tracer for a concrete number
        via = ctx.strict_via
        if via is None or not node.format_spec or not is_traced(ctx.kind(node.expression)):
            return
        value = snippet(ctx, node.expression)
        self.report(
            ctx,
            node,
            f"Format spec on traced value `{value}` in an f-string raises TypeError under "
            f"{under(ctx, via)}; format it when it is concrete",
            detail=f"A tracer has no concrete number to format. Use "
            f"`jax.debug.print(\"{{v:...}}\", v={value})`, or format it outside the transformed "
            "function.",
        )

    def visit_Subscript(self, node: cst.Subscript, ctx: Context) -> None:
        via = ctx.strict_via
        if via is None or ctx.kind(node.value) != STATIC or not is_python_table(ctx, node.value):
            return
        for element in node.slice:
            index = element.slice
            if type(index) is cst.Index and is_traced(ctx.kind(index.value)):
                self.report(
                    ctx,
                    index.value,
                    f"Traced value `{snippet(ctx, index.value)}` indexes the Python container "
                    f"`{snippet(ctx, node.value)}` under {under(ctx, via)}; make it a jnp array",
                    detail="Indexing a list or tuple with a tracer raises "
                    "TracerIntegerConversionError (a dict: an unhashable-type error). Store the "
                    "table as a jnp array and index that.",
                )

    def _report_axis(self, ctx: Context, axis: cst.BaseExpression, via: str) -> None:
        # JAX 0.10: a tracer as the axis fails its concreteness check; a tuple holding
        # tracers fails when each element is converted with operator.index
        error = "ConcretizationTypeError" if ctx.kind(axis) == TRACED_ARRAY \
            else "TracerIntegerConversionError"
        self.report(
            ctx,
            axis,
            f"Traced value `{snippet(ctx, axis)}` used as an axis number raises "
            f"{error} under {under(ctx, via)}; compute axes with "
            "Python ints (range, np.arange, x.ndim)",
            detail="JAX needs axis numbers as Python ints when it traces. Under a transform "
            "`jnp.arange` is staged even with static bounds, so `tuple(jnp.arange(a, b))` is "
            "a tuple of tracers; `tuple(range(a, b))` is not.",
        )

    def _report(self, ctx: Context, node: cst.CSTNode, what: str, via: str, fix: str,
                error: str = "ConcretizationTypeError") -> None:
        self.report(
            ctx,
            node,
            f"{what} on a traced value in `{snippet(ctx, node)}` raises {error} under "
            f"{under(ctx, via)}; {fix}",
            detail="Under a transform the value is a tracer: it has no concrete value to "
            "convert until the compiled function runs.",
        )
