from __future__ import annotations

import libcst as cst

from jaxpure.analysis import Context, lazily_initialised, stores
from jaxpure.rules._shared import StoreRule, snippet
from jaxpure.rules.base import Rule


class GlobalWrite(StoreRule, Rule):
    """
    ## What it does
    Checks for a function traced by a caching transform (`jax.jit`, `jax.pmap`, `nnx.jit`,
    `eqx.filter_jit`, and `lax` bodies reached from them) that assigns to a `global` or
    `nonlocal` name: a counter (`counter += 1`), a flag, a cache.

    ## Why is this bad?
    A caching transform runs the Python body once, to trace it, and then replays the
    compiled computation. The assignment runs at trace time only: after three calls a
    `global calls; calls += 1` counter says 1, and it changes again only when the function
    is retraced (a new shape or dtype), so its value tells you about compilations, not
    calls.

    ## Known problems
    Under a bare `jax.vmap` or `jax.grad`, which re-run the Python body on every call, the
    write does happen per call and is not reported. A `nonlocal` name owned by a function
    that is itself traced lives inside the same trace and is not reported. If the value
    written is a traced array, the tracer escapes the trace: that is reported as JXP601
    (tracer-leak) instead. A memo initialised lazily (`if _TABLE is None: _TABLE =
    build()` under `global _TABLE`) is set once, on the first trace, and is not reported.
    Neither is a write a context manager undoes on exit (`LEVEL += 1` in `__enter__` or
    before a `@contextmanager`'s `yield`, `LEVEL -= 1` in `__exit__` or its `finally`; or a
    flag saved, set and restored): a nesting counter or a flag scoped to the `with` block,
    which every trace leaves as it found it.
    Intentional trace counters are better written with
    `chex.assert_max_traces` or `jax.no_tracing`; otherwise suppress with `# noqa: JXP102`.

    ## Example
    ```python
    calls = 0

    @jax.jit
    def step(x):
        global calls
        calls += 1
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(count, x):
        return count + 1, x * 2
    ```

    ## Fix safety
    No fix is offered: threading the state through arguments and return values changes
    the function's signature and its callers.
    """

    code = "JXP102"
    name = "global-write"
    summary = "A jitted function assigns to a global or nonlocal name"
    VALID = (
        # a bare vmap re-runs the body on every call
        "import jax\ncalls = 0\n@jax.vmap\ndef f(x):\n    global calls\n    calls += 1\n    return x\n",
        # the nonlocal belongs to the traced function itself
        "import jax\n@jax.jit\ndef f(x):\n    total = 0\n    def add(v):\n        nonlocal total\n        total = total + 1\n    add(x)\n    add(x)\n    return x * total\n",
        # untraced code may keep state
        "import jax\ncalls = 0\ndef f(x):\n    global calls\n    calls += 1\n    return x\n",
        # a global read without a write is JXP101's business
        "import jax\nSCALE = 2.0\n@jax.jit\ndef f(x):\n    global SCALE\n    return x * SCALE\n",
        # a traced value written to a global is JXP601 (tracer-leak)
        "import jax\nlast = None\n@jax.jit\ndef f(x):\n    global last\n    last = x\n    return x\n",
        # a lazily built memo is set once
        "import jax\nimport numpy as np\n_T = None\n@jax.jit\ndef f(x):\n    global _T\n    if _T is None:\n        _T = np.arange(3.0)\n    return x * _T\n",
    )
    INVALID = (
        "import jax\ncalls = 0\n@jax.jit\ndef f(x):\n    global calls\n    calls += 1\n    return x\n",
        "from functools import partial\nimport jax\nMODE = 'train'\n@partial(jax.jit, static_argnums=1)\ndef f(x, mode):\n    global MODE\n    MODE = mode\n    return x\n",
        "import jax\ndef make():\n    n = 0\n    @jax.jit\n    def f(x):\n        nonlocal n\n        n += 1\n        return x\n    return f\n",
        "import jax\nfrom jax import lax\nsteps = 0\ndef body(i, c):\n    global steps\n    steps = steps + 1\n    return c\n@jax.jit\ndef f(x):\n    return lax.fori_loop(0, 3, body, x)\n",
    )

    def check_store(self, ctx: Context, node: cst.CSTNode) -> None:
        via = ctx.caching_via
        if via is None:
            return
        for store in stores(ctx, node):
            if not type(store.target) is cst.Name or store.value_traced:
                continue
            if store.outer.kind not in ("global", "nonlocal") or store.outer.inner_trace:
                continue
            name = store.target.value
            kind = store.outer.kind
            if kind == "global" and ctx.unit is not None and type(ctx.unit.node) is cst.FunctionDef \
                    and lazily_initialised(ctx.unit.node, name):
                continue  # `if _TABLE is None: _TABLE = build()`: set once, on the first trace
            if ctx.facts.stale_names.restored_on_exit(ctx.unit, name, store.target):
                continue  # a context manager's `LEVEL += 1` ... `finally: LEVEL -= 1`
            self.report(
                ctx,
                node,
                f"`{snippet(ctx, node)}` writes {kind} `{name}` under {ctx.via_description(via)}: "
                "it runs once, at trace time; return the new value instead",
                detail=f"The write runs while the function is traced, not on every call, so "
                f"`{name}` changes only when the function is retraced. Return the new value and "
                "pass it back in.",
            )
