from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, REF, Store, free_names, is_nnx_style_write, is_traced, memoiser, stores,
)
from jaxpure.rules._shared import StoreRule, snippet
from jaxpure.rules.base import Rule


class TracerLeak(StoreRule, Rule):
    """
    ## What it does
    Checks for a traced value (or an object a class builds from one, `self.grid =
    Grid(xx=x)`: a constructor keeps what it is given) stored where it outlives the trace:
    on `self` (`self.cache = x * 2`), in a `global` or `nonlocal` name, or in an item, attribute or
    container of a module-level or closed-over object (`CACHE[k] = y`,
    `history.append(loss)`), or in a parameter's mutable default (`def f(x, seen=[])`:
    one list shared by every call); also a JAX value returned by a function memoised with
    `functools.lru_cache`/`cache` and called while tracing (the cache keeps the tracer);
    and a host callback (`jax.debug.callback`, `io_callback`, `pure_callback`) whose lambda
    reads a traced value of the enclosing function instead of receiving it as an argument
    (it gets the tracer, not the value, when it runs).

    ## Why is this bad?
    Inside a transform, values are tracers: placeholders that only mean something while the
    function is being traced. Stored outside, the tracer survives the trace; the call
    itself succeeds, and the failure comes later and far away, when something reads the
    stored value: `UnexpectedTracerError: Encountered an unexpected tracer`. The same holds
    for an object created by an outer `jit` and written from an inner `grad` or `scan`
    body (return it as auxiliary output instead).

    ## Known problems
    Under `flax.nnx` transforms (`nnx.jit`, `nnx.grad`, ...), writing to module attributes
    and nnx Variables (`self.count.value = ...`) is the supported way to keep state, and
    is not reported; neither are `ref[...] = x` writes to `jax.new_ref` refs, which JAX
    allows inside `jit`. Item assignment `NAME[k] = v` on a module-level or closed-over
    name is only checked when `NAME` is bound to a list, dict, set or NumPy array (refs
    passed in as arguments, as in Pallas kernels, are written the same way). Values the
    analysis cannot prove traced are not reported (a
    store of an untraced value is JXP102/JXP103's business). Mutating an argument of the
    transformed function is JXP502. Nor is a store on the `self` of a method whose
    transform takes it as an argument (`@jax.jit def step(self, x)` on a pytree) when every
    caller rebinds its receiver from the result (`model, loss = model.step(x)`, calls seen
    as for JXP502): the write is on the trace's copy, carried out only by the result.

    ## Example
    ```python
    class Model:
        @functools.partial(jax.jit, static_argnums=0)
        def __call__(self, x):
            self.last_input = x
            return x * 2
    ```

    ## Use instead
    ```python
    class Model:
        @functools.partial(jax.jit, static_argnums=0)
        def __call__(self, x):
            return x * 2, x  # return what you want to keep
    ```

    ## Fix safety
    No fix is offered: returning the value changes the function's outputs.
    """

    code = "JXP601"
    name = "tracer-leak"
    summary = "A traced value is stored where it outlives the trace"
    VALID = (
        'import functools\nimport jax\nimport numpy as np\n@functools.lru_cache\ndef mask(n):\n    return np.tril(np.ones((n, n)))\n@jax.jit\ndef f(x):\n    return x * mask(x.shape[0])\n',
        # a list created inside the traced call
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(xs):\n    out = []\n    for x in xs:\n        out.append(x * 2)\n    return jnp.stack(out)\n",
        # nnx: module state updates are the supported pattern
        "from flax import nnx\nclass Counter(nnx.Module):\n    @nnx.jit\n    def __call__(self, x):\n        self.count.value = self.count.value + x\n        self.last = x\n        return x\n",
        # jax.new_ref refs may be written inside jit
        "import jax\nimport jax.numpy as jnp\nREF = jax.new_ref(jnp.zeros(3))\n@jax.jit\ndef f(x):\n    REF[...] = x\n    REF[0] = x[0]\n    return x\n",
        # untraced values stored on self are left alone (JXP102/103 territory, or fine)
        "import jax\nclass M:\n    def __init__(self, x):\n        self.x = x\n    @jax.jit\n    def f(self, y):\n        self.calls = 0\n        return y\n",
        # a nonlocal of the traced function itself, from a helper it calls
        "import jax\n@jax.jit\ndef f(x):\n    acc = None\n    def keep(v):\n        nonlocal acc\n        acc = v\n    keep(x * 2)\n    return acc\n",
        # io_callback / debug.callback functions run with concrete values
        "import jax\nfrom jax.experimental import io_callback\nHIST = []\ndef log(v):\n    HIST.append(v)\n@jax.jit\ndef f(x):\n    io_callback(log, None, x)\n    jax.debug.callback(lambda v: HIST.append(v), x)\n    return x\n",
        # eager code
        "import jax.numpy as jnp\nHIST = []\ndef f(x):\n    HIST.append(jnp.sin(x))\n",
    )
    INVALID = (
        "import jax\nseen = []\n@jax.jit\ndef f(x):\n    y = x * 2\n    jax.debug.callback(lambda: seen.append(y))\n    return y\n",
        'import functools\nimport jax\nimport jax.numpy as jnp\n@functools.lru_cache\ndef mask(n):\n    return jnp.tril(jnp.ones((n, n)))\n@jax.jit\ndef f(x):\n    return x * mask(x.shape[0])\n',
        "import functools\nimport jax\nclass Model:\n    @functools.partial(jax.jit, static_argnums=0)\n    def __call__(self, x):\n        self.cache = x * 2\n        return x + 1\n",
        "import jax\nhistory = []\n@jax.jit\ndef f(x):\n    history.append(x)\n    return x * 2\n",
        "import jax\n@jax.jit\ndef f(x, seen=[]):\n    seen.append(x)\n    return x * 2\n",
        "import jax\nlast = None\n@jax.jit\ndef f(x):\n    global last\n    last = x\n    return x\n",
        "import jax\nCACHE = {}\n@jax.vmap\ndef f(x):\n    CACHE['y'] = x + 1\n    return x\n",
        "import jax\ndef run(x):\n    result = None\n    def f(v):\n        nonlocal result\n        result = v * 2\n        return v\n    jax.jit(f)(x)\n    return result\n",
        # an inner grad trace writing into its jitted caller's dict
        "import jax\n@jax.jit\ndef f(x):\n    aux = {}\n    def loss(p):\n        out = p * x\n        aux['out'] = out\n        return out.sum()\n    g = jax.grad(loss)(x)\n    return g, aux['out']\n",
        "import jax\nfrom jax import lax\n@jax.jit\ndef f(xs):\n    seen = []\n    def body(c, x):\n        seen.append(x)\n        return c + x, x\n    return lax.scan(body, 0.0, xs)\n",
    )

    def check_store(self, ctx: Context, node: cst.CSTNode) -> None:
        if not ctx.traced or ctx.stateful:
            return
        for store in stores(ctx, node):
            if not store.value_traced:
                continue
            if is_nnx_style_write(store.target):
                continue
            base = store.target.value if isinstance(store.target, (cst.Subscript, cst.Attribute)) else None
            if base is not None and ctx.kind(base) == REF:
                continue
            if store.how == "call" and ctx.kind(store.target) == REF:
                continue
            self._report(ctx, node, store)

    def _report(self, ctx: Context, node: cst.CSTNode, store: Store) -> None:
        where = _where(ctx, store)
        via = ctx.via_description(ctx.via)
        verb = "stores a traced value in" if store.how != "call" else "puts a traced value into"
        if store.outer.inner_trace:
            tail = f"which outlives the {via} trace the value belongs to"
            detail = ("Reading it outside that trace raises UnexpectedTracerError. Return the "
                      "value instead: from a `grad` function as auxiliary output with "
                      "`has_aux=True`, from a `scan` body as an output.")
        else:
            tail = f"which outlives the trace of {via}"
            detail = ("Reading it later raises UnexpectedTracerError. Return the value from "
                      "the function instead.")
        self.report(ctx, node, f"`{snippet(ctx, node)}` {verb} {where}, {tail}; return it instead",
                    detail=detail)

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        if ctx.traced and type(node.func) is cst.Attribute:
            self.check_store(ctx, node)
        if ctx.traced and node.args and ctx.qualname(node.func) in HOST_CALLBACKS:
            self._callback_closure(ctx, node)

    def _callback_closure(self, ctx: Context, node: cst.Call) -> None:
        """``jax.debug.callback(lambda: history.append(loss))``: the callback runs when the
        computation does, but a traced value it reads from the enclosing function (rather
        than receiving it as an argument) is the tracer object of the trace."""
        callback = node.args[0].value
        if type(callback) is not cst.Lambda:
            return
        params = {p.name.value for p in callback.params.params}
        for name in sorted(free_names(callback.body) - params):
            if is_traced(ctx.lookup(name)):
                self.report(
                    ctx,
                    node,
                    f"The callback of `{snippet(ctx, node.func)}` reads traced `{name}` from the "
                    "enclosing function, so it gets a tracer; pass it as an argument",
                    detail=f"When the callback runs it gets the tracer of the "
                    f"{ctx.via_description(ctx.via)} trace, not the value (storing it raises "
                    f"UnexpectedTracerError later). Pass it as an argument: "
                    f"`{snippet(ctx, node.func)}(lambda {name}: ..., {name})`.",
                )
                return

    def visit_Return(self, node: cst.Return, ctx: Context) -> None:
        """``@functools.lru_cache def mask(n): return jnp.tril(...)`` called while tracing:
        the cache keeps the tracer the first trace made and hands it to later traces."""
        unit = ctx.unit
        if node.value is None or not ctx.traced or unit is None \
                or not type(unit.node) is cst.FunctionDef:
            return
        memo = memoiser(ctx, unit)
        if memo is None or not is_traced(ctx.kind(node.value)):
            return  # (under jit every jnp result is a tracer, even of constants)
        self.report(
            ctx,
            node.value,
            f"`{unit.name}` is memoised by `@{snippet(ctx, memo.decorator)}` and called under "
            f"{ctx.via_description(ctx.via)}: the cache keeps a tracer; drop the cache",
            detail="The cache keeps the tracer this returns, and a later trace that gets it "
            "raises UnexpectedTracerError. Build the value with NumPy, or drop the cache.",
        )


# host callbacks: the function runs with the computation's values, passed as arguments
HOST_CALLBACKS = frozenset({"jax.debug.callback", "jax.pure_callback",
                            "jax.experimental.io_callback", "jax.experimental.pure_callback"})


def _where(ctx: Context, store: Store) -> str:
    outer = store.outer
    if outer.kind == "self":
        return f"`{snippet(ctx, store.target)}`"
    if outer.kind in ("global", "nonlocal"):
        return f"{outer.kind} `{outer.name}`"
    if outer.kind == "module":
        return f"module-level `{outer.name}`"
    if outer.kind == "default":
        return f"the default value of parameter `{outer.name}` (one list shared by every call)"
    return f"`{outer.name}` of the enclosing function"
