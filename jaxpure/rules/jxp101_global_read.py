from __future__ import annotations

import libcst as cst

from jaxpure.analysis import values as V
from jaxpure.analysis.context import Context
from jaxpure.analysis.globals import StaleNames
from jaxpure.analysis.index import MUTATING_METHODS
from jaxpure.rules._shared import under
from jaxpure.rules.base import Rule


class GlobalRead(Rule):
    """
    ## What it does
    Checks for functions traced by a caching transform (`jax.jit`, `pmap`, `lax` bodies
    reached from them, `jax.checkpoint`) that read a module global or an enclosing
    function's variable whose value can change after tracing: one that is reassigned
    (a second binding, an augmented assignment, a `global`/`nonlocal` write) or mutated in
    place (`config["lr"] = v`, `history.append(v)`, `cfg.lr = v`) somewhere in the module.

    ## Why is this bad?
    `jit` runs the Python body once and caches the compiled result. The value the global
    had at trace time is baked in; later changes are silently ignored until something
    forces a retrace (a new input shape), so results depend on call history.

    ## Known problems
    Imports, functions, classes and names bound once (including a JAX array, and a list,
    dict or NumPy array that nothing in the module mutates) are treated as constants and not
    reported: a container mutated only from another module is missed. A rebinding before the traced function is defined (an
    import-time override) happens before any trace and is not reported; an attribute
    assigned in a function (`cfg.lr = v`) makes only that attribute stale; a dict used as a
    trace-time memo (`if k not in CACHE`), a registry filled only by decorators applied at
    import (`@register("swish")`) and `jax.new_ref` refs are not reported. A global
    set by a `setup()` that always runs before the first call is reported: nothing in the
    code says so. Bare `vmap` and `grad` re-run the Python body on every call and are not
    reported.

    ## Example
    ```python
    scale = 2.0

    @jax.jit
    def f(x):
        return x * scale

    scale = 3.0  # f still multiplies by 2.0
    ```

    ## Use instead
    ```python
    @jax.jit
    def f(x, scale):
        return x * scale
    ```

    ## Fix safety
    No fix is offered: the value must become an argument (traced, or static if it controls
    structure), which changes every call site.
    """

    code = "JXP101"
    name = "global-read"
    summary = "A traced function reads a global that can change after tracing"
    level = "warning"
    VALID = (
        "import jax\nSCALE = 2.0\n@jax.jit\ndef f(x):\n    return x * SCALE\n",
        "import jax\nimport jax.numpy as jnp\nW = jnp.ones(3)\n@jax.jit\ndef f(x):\n    return x @ W\n",
        "import jax\nLAYERS = [1, 2]\n@jax.jit\ndef f(x):\n    return x * len(LAYERS)\n",
        "import jax\nsizes = [1, 2]\n@jax.jit\ndef f(x):\n    return x * len(sizes)\n",
        "import jax\nscale = 2.0\n@jax.vmap\ndef f(x):\n    return x * scale\nscale = 3.0\n",
        "import jax\ntry:\n    import numpy as np\nexcept ImportError:\n    np = None\n@jax.jit\ndef f(x):\n    return x\n",
        "import jax\ndef make(scale):\n    @jax.jit\n    def f(x):\n        return x * scale\n    return f\n",
        "import jax\nif jax.__version__ > '0.4':\n    MODE = 'a'\nelse:\n    MODE = 'b'\n@jax.jit\ndef f(x):\n    return x if MODE == 'a' else -x\n",
    )
    INVALID = (
        "import jax\nscale = 2.0\n@jax.jit\ndef f(x):\n    return x * scale\nscale = 3.0\n",
        "import jax\ncounter = 0\ndef bump():\n    global counter\n    counter += 1\n@jax.jit\ndef f(x):\n    return x + counter\n",
        "import jax\nconfig = {'scale': 2.0}\n@jax.jit\ndef f(x):\n    return x * config['scale']\ndef set_scale(s):\n    config['scale'] = s\n",
        "import jax\nSTATE = {}\nSTATE['scale'] = 2.0\n@jax.jit\ndef f(x):\n    return x * STATE['scale']\n",
        "import jax\ndef train(xs):\n    total = 0.0\n    @jax.jit\n    def step(x):\n        return x + total\n    for x in xs:\n        total += step(x)\n    return total\n",
    )

    def _memos(self, ctx: Context) -> set:
        return ctx.state("JXP101.memo", set)  # type: ignore[return-value]

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        # `if k not in CACHE: CACHE[k] = ...`: a trace-time memo keyed by static values,
        # whose entries never change once written
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)) and \
                    isinstance(target.comparator, cst.Name):
                self._memos(ctx).add((id(ctx.unit), target.comparator.value))

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "setdefault" and \
                isinstance(func.value, cst.Name):
            self._memos(ctx).add((id(ctx.unit), func.value.value))

    def visit_Name(self, node: cst.Name, ctx: Context) -> None:
        via = ctx.caching_via
        if via is None or ctx.in_store:
            return
        name = node.value
        unit = ctx.unit
        if unit is None or unit.binds(name) and name not in unit.declared_global:
            return
        if self._is_mutation_receiver(ctx):
            return  # the mutation itself is JXP103/JXP601's to report
        seen: set = ctx.state("JXP101.seen", set)  # type: ignore[assignment]
        if (id(unit), name) in seen or (id(unit), name) in self._memos(ctx):
            return
        if ctx.lookup(name) == V.REF:
            return  # a jax.new_ref ref is meant to be read and written under jit
        scope = ctx.scope_of(name)
        stale: StaleNames = ctx.state("JXP101.stale", lambda: StaleNames(ctx.index, ctx.resolver))  # type: ignore[assignment]
        if scope == "module":
            parent = ctx.parent()
            attribute = parent.attr.value if isinstance(parent, cst.Attribute) \
                and parent.value is node else None
            reason = stale.module_reason(name, attribute, unit)
            where = "module global"
        elif scope == "closure":
            owner = ctx.defining_unit(name)
            owner_info = ctx.traced_analysis.info.get(id(owner)) if owner is not None else None
            if owner is None or (owner_info is not None and owner_info.traced):
                return  # the enclosing function is traced too: each trace reads it afresh
            reason = stale.closure_reason(name, owner, unit)
            where = "closed-over variable"
        else:
            return
        if reason is None:
            return
        seen.add((id(unit), name))
        self.report(
            ctx,
            node,
            f"{where.capitalize()} `{name}` {reason}; {under(ctx, via)} bakes in its value "
            "at trace time and silently ignores later changes; pass it as an argument",
        )

    def _is_mutation_receiver(self, ctx: Context) -> bool:
        parent = ctx.parent()
        if isinstance(parent, cst.Attribute) and parent.attr.value in MUTATING_METHODS:
            return isinstance(ctx.parent(2), cst.Call)
        return False
