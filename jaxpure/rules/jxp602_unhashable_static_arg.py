from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from jaxpure.analysis import Context, Origin, enclosing_class, names_bound_to, unhashable_value
from jaxpure.rules._shared import snippet
from jaxpure.rules.base import Rule

_STATIC_KEYWORDS = ("static_argnums", "static_argnames", "static_broadcasted_argnums")


@dataclass(frozen=True)
class _Jitted:
    """A name that calls a transformed function with static parameters."""

    origin: Origin
    shift: int  # leading parameters the call does not pass (a bound `self`)


class UnhashableStaticArg(Rule):
    """
    ## What it does
    Checks for a call to a jitted function that passes a list, dict or set (a display, a
    comprehension or a `list()`/`dict()`/`set()` call, or a name bound only to one), a
    NumPy or JAX array (`np.array(...)`, `jnp.zeros(...)`), or an instance of a
    `@dataclasses.dataclass` of the module that is not frozen (its `__hash__` is None) or an
    `argparse.Namespace` (`parser.parse_args()`), to a parameter marked static with
    `static_argnums`/`static_argnames` (`@partial(jax.jit, static_argnums=1)`,
    `@jax.jit(static_argnames=...)`, `step = jax.jit(f, static_argnums=1)`, and
    `jax.pmap(..., static_broadcasted_argnums=...)`). The function is called by its name,
    by the name the jitted wrapper was assigned to, or as `self.method(...)`.

    ## Why is this bad?
    Static arguments are part of the compilation cache key, so they must be hashable. The
    call fails with `ValueError: Non-hashable static arguments are not supported`. (Old
    JAX versions hashed such objects by identity and silently recompiled on every call.)

    ## Known problems
    Only call sites in the same module, through names the analysis can follow, are
    checked. A static parameter whose *default* is a list is not reported: JAX hashes only
    the arguments actually passed, so an omitted argument's default is never hashed
    (checked on JAX 0.10). Values whose type the analysis cannot see (a list returned by a
    helper) are not reported.

    ## Example
    ```python
    @functools.partial(jax.jit, static_argnums=1)
    def apply(x, sizes):
        return x * len(sizes)

    apply(x, [1, 2, 3])
    ```

    ## Use instead
    ```python
    apply(x, (1, 2, 3))
    ```

    ## Fix safety
    No fix is offered: a tuple is usually the fix, but a dict or array needs a different
    hashable representation (a frozen dataclass, a tuple of items) that a human chooses.
    """

    code = "JXP602"
    name = "unhashable-static-arg"
    summary = "An unhashable value is passed to a static argument of a jitted function"
    VALID = (
        "import dataclasses\nimport functools\nimport jax\n@dataclasses.dataclass(frozen=True)\nclass Cfg:\n    n: int = 2\n@functools.partial(jax.jit, static_argnames='cfg')\ndef f(x, cfg):\n    return x * cfg.n\nf(1.0, cfg=Cfg())\n",
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnums=1)\ndef f(x, sizes):\n    return x * len(sizes)\nf(1.0, (1, 2, 3))\n",
        # the list goes to a traced parameter
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnums=1)\ndef f(xs, n):\n    return xs[0] * n\nf([1.0, 2.0], 2)\n",
        # calling the undecorated function directly is fine
        "import jax\ndef f(x, sizes):\n    return x * len(sizes)\ng = jax.jit(f, static_argnums=1)\nf(1.0, [1, 2])\ng(1.0, (1, 2))\n",
        # an omitted static argument's default is never hashed
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnames='cfg')\ndef f(x, cfg=[1, 2]):\n    return x * cfg[0]\nf(1.0)\n",
        "import jax\n@jax.jit\ndef f(x, sizes):\n    return x\nf(1.0, [1, 2])\n",
    )
    INVALID = (
        "import functools\nimport jax\ndef widths(n):\n    return [8] * n\n@functools.partial(jax.jit, static_argnames='ws')\ndef f(x, ws):\n    return x\ndef run(x):\n    ws = widths(2)\n    return f(x, ws=ws)\n",
        "import argparse\nimport functools\nimport jax\n@functools.partial(jax.jit, static_argnames='args')\ndef f(x, args):\n    return x\ndef main(argv):\n    args = argparse.ArgumentParser().parse_args(argv)\n    return f(1.0, args=args)\n",
        "import dataclasses\nimport functools\nimport jax\n@dataclasses.dataclass\nclass Cfg:\n    n: int = 2\n@functools.partial(jax.jit, static_argnames='cfg')\ndef f(x, cfg):\n    return x * cfg.n\nf(1.0, cfg=Cfg())\n",
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnums=1)\ndef f(x, sizes):\n    return x * len(sizes)\nf(1.0, [1, 2, 3])\n",
        "import jax\ndef f(x, cfg):\n    return x * cfg['scale']\nstep = jax.jit(f, static_argnames='cfg')\nstep(1.0, cfg={'scale': 2.0})\n",
        "import jax\nimport numpy as np\n@jax.jit(static_argnums=(1,))\ndef f(x, table):\n    return x\nf(1.0, np.array([1, 2]))\n",
        "import jax\nimport jax.numpy as jnp\ndef f(x, mask):\n    return x\nstep = jax.jit(f, static_argnums=-1)\ndef run(x):\n    mask = jnp.ones(3)\n    return step(x, mask)\n",
        "import functools\nimport jax\nclass M:\n    @functools.partial(jax.jit, static_argnums=(0, 2))\n    def apply(self, x, dims):\n        return x\n    def run(self, x):\n        return self.apply(x, [d for d in range(3)])\n",
        "from functools import partial\nfrom jax import jit\n@partial(jit, static_argnames=('axes',))\ndef f(x, *, axes):\n    return x.sum(axes)\nf(1.0, axes={0, 1})\n",
        "import jax\ng = jax.pmap(lambda x, c: x, static_broadcasted_argnums=(1,))\ng(1.0, [1])\n",
    )

    def __init__(self) -> None:
        # per file, on first use: the module's jitted wrappers and their static parameters
        self._table: tuple[dict, dict, dict] | None = None

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        target = self._jitted(ctx, node.func)
        if target is None:
            return
        unit = target.origin.target
        static = target.origin.static
        positional = [p for p in unit.params if p.index >= 0]
        index = 0
        for arg in node.args:
            if arg.star:
                if arg.star == "*":
                    index = -1  # positions after *args are unknown
                continue
            if arg.keyword is not None:
                name = arg.keyword.value
            else:
                if index < 0:
                    continue
                i = index + target.shift
                index += 1
                if i >= len(positional):
                    continue
                name = positional[i].name
            if name not in static:
                continue
            what = unhashable_value(ctx, arg.value)
            if what is None:
                continue
            self.report(
                ctx,
                arg.value,
                f"`{snippet(ctx, arg.value)}` is {what}, passed to static parameter `{name}` "
                f"of `{snippet(ctx, node.func)}`, which must be hashable; pass a tuple",
                detail="The call raises `ValueError: Non-hashable static arguments are not "
                "supported`. Pass a tuple (or a frozen dataclass) instead.",
            )

    # -- which names call a jitted function with static parameters -------------------
    def _jitted(self, ctx: Context, func: cst.BaseExpression) -> _Jitted | None:
        if self._table is None:
            self._table = _build_table(ctx)
        table = self._table
        by_unit, wrappers, attributes = table
        if not (by_unit or wrappers or attributes):
            return None
        if type(func) is cst.Name:
            found = _lookup_wrapper(ctx, wrappers, func.value)
            if found is not None:
                return found
        callee = ctx.resolver.function(func, ctx.unit)
        if callee is not None:
            origin = by_unit.get(id(callee))
            if origin is not None:
                shift = 1 if type(func) is cst.Attribute and callee.parent_is_class else 0
                return _Jitted(origin, shift)
            return None
        if type(func) is cst.Attribute and type(func.value) is cst.Name \
                and func.value.value in ("self", "cls"):
            return attributes.get((enclosing_class(ctx.unit), func.attr.value))
        return None


def _lookup_wrapper(ctx: Context, wrappers: dict, name: str) -> _Jitted | None:
    """The wrapper assigned to ``name`` in the scope the name resolves to from here."""
    unit = ctx.unit
    while unit is not None:
        if unit.binds(name) and name not in unit.declared_global:
            return wrappers.get((id(unit), name))
        unit = unit.parent
    return wrappers.get((None, name))


def _build_table(ctx: Context) -> tuple[dict, dict, dict]:
    by_unit: dict[int, Origin] = {}  # decorated functions
    by_node: dict[int, Origin] = {}  # `jax.jit(f, static_argnums=...)` calls
    for origin in ctx.traced_analysis.origins:
        if not origin.static or not _has_static_options(origin.node):
            continue
        decorators = origin.target.node.decorators if type(origin.target.node) is cst.FunctionDef else ()
        if any(d.decorator is origin.node for d in decorators):
            by_unit[id(origin.target)] = origin
        elif type(origin.node) is cst.Call:
            by_node[id(origin.node)] = origin
    wrappers: dict[tuple[int | None, str], _Jitted] = {}
    attributes: dict[tuple[str | None, str], _Jitted] = {}
    if by_node:
        _collect_wrappers(ctx, by_node, wrappers, attributes)
    return by_unit, wrappers, attributes


def _has_static_options(node: cst.CSTNode) -> bool:
    """Static parameters come from options, not from arguments bound by `partial(f, a)`."""
    calls = [node] if type(node) is cst.Call else []
    if type(node) is cst.Call and type(node.func) is cst.Call:
        calls.append(node.func)
    for call in calls:
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value in _STATIC_KEYWORDS:
                return True
    return False


def _collect_wrappers(ctx: Context, by_node: dict[int, Origin], wrappers: dict,
                      attributes: dict) -> None:
    names, stored = names_bound_to(ctx, by_node)
    for (scope, name), call in names.items():
        jitted = _wrapper(by_node[id(call)], call)
        if jitted is not None:
            wrappers[(scope, name)] = jitted
    for key, call in stored.items():
        jitted = _wrapper(by_node[id(call)], call)
        if jitted is not None:
            attributes[key] = jitted


def _wrapper(origin: Origin, call: cst.Call) -> _Jitted | None:
    """``jax.jit(f, ...)``, ``jax.jit(self.method, ...)``: a call of the wrapper passes the
    arguments after a bound ``self``."""
    wrapped = call.args[0].value if call.args else None
    if not isinstance(wrapped, (cst.Name, cst.Attribute, cst.Lambda)):
        return None
    return _Jitted(origin, 1 if type(wrapped) is cst.Attribute else 0)
