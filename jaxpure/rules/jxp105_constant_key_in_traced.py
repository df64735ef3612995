from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, carry_initialiser_key, is_int_literal, key_for_structure_only, none_fallback,
    positional_args, traced_call_leaving_out, unused_key_argument,
)
from jaxpure.rules._shared import snippet
from jaxpure.rules.base import Rule

KEY_MAKERS = frozenset({"jax.random.key", "jax.random.PRNGKey"})
# transforms that only look at shapes: the key's value never matters
SHAPE_ONLY = frozenset({"jax.eval_shape", "jax.make_jaxpr"})


def _constant_int_global(ctx: Context, node: cst.BaseExpression) -> bool:
    """``SEED`` bound once, at module level, to an integer literal and never rebound."""
    if not type(node) is cst.Name or ctx.scope_of(node.value) != "module":
        return False
    name = node.value
    bindings = ctx.index.bindings.get(name, [])
    return len(bindings) == 1 and not bindings[0].augmented \
        and name not in ctx.index.global_writes and bindings[0].value is not None \
        and is_int_literal(bindings[0].value)


class ConstantKeyInTraced(Rule):
    """
    ## What it does
    Checks for `jax.random.key(<int literal>)` or `jax.random.PRNGKey(<int literal>)` (or a
    module constant bound once to an integer, `SEED = 0`) created inside a function traced
    by a JAX transform (`jit`, `vmap`, `pmap`, `grad`, `lax` bodies, ...).

    ## Why is this bad?
    The key is the same on every call, so every call draws the same "random" numbers: the
    same dropout mask at every training step, the same noise in every sample. Under `vmap`
    every batch element gets the same draw as well. JAX raises no error.

    ## Known problems
    A key created with a literal seed and then folded with data
    (`jax.random.fold_in(jax.random.key(0), step)`) differs per call and is not reported.
    Shape-only tracing (`jax.eval_shape`, `jax.make_jaxpr`) never uses the key's value and
    is not reported, also when the key is bound to a name first or used in a lambda they
    trace (`key = key(0)`, `jax.eval_shape(lambda: model.init(key, x))`), and neither is
    a key given only to calls whose results are read for their structure (`out =
    net.apply(p, x, rngs={"dropout": key})` read only as `out.shape`, or a lax loop body
    sampling a dummy trajectory whose only reader is a replay buffer's `init`, as JXP301
    tells); nor is a traced function without traced parameters (it returns the same
    result on every call anyway, e.g. a jitted initialiser), nor a dummy key passed as
    `rng=`, in `rngs=` as dropout streams only, or positionally as a constant
    (`apply(v, jax.random.key(0), x, randomized=False)`), to a call that switches randomness
    off (`train=False`, `deterministic=True`, `randomized=False`): it is never drawn from. Nor is a key given only to a recurrent
    cell's `initialize_carry(key, shape)`: Flax's carry initialiser is zeros unless the cell
    is built with a random `carry_init`, which this rule does not see. A default for a key parameter the caller
    leaves out (`if key is None: key = jax.random.key(0)`, `key or jax.random.key(0)`, a
    helper's `if key is None: return jax.random.key(0)`) is
    the caller's choice, often documented (a deterministic default): it is reported only
    where a call in view runs the function under a transform without a key (from a traced
    function, or any call of a transformed one), and the message names that call. A
    library's default that only its users' calls could reach is not reported. Tests often fix a seed inside
    jitted code on purpose, so the rule is off in test files by default (`test-ignore`
    in the configuration).

    ## Example
    ```python
    @jax.jit
    def dropout(x):
        key = jax.random.key(0)
        keep = jax.random.bernoulli(key, 0.9, x.shape)
        return jnp.where(keep, x / 0.9, 0.0)
    ```

    ## Use instead
    ```python
    @jax.jit
    def dropout(key, x):
        keep = jax.random.bernoulli(key, 0.9, x.shape)
        return jnp.where(keep, x / 0.9, 0.0)
    ```

    ## Fix safety
    No fix is offered: the key has to come from the caller, which changes the signature.
    """

    code = "JXP105"
    name = "constant-key-in-traced"
    summary = "A PRNG key with a constant seed is created inside a traced function"
    VALID = (
        "import jax\n@jax.jit\ndef evaluate(params, x):\n    return model.apply(params, x, rngs={'dropout': jax.random.key(0)}, train=False)\n",
        "import jax\n@jax.jit\ndef f(key, x):\n    return x + jax.random.normal(key, x.shape)\n",
        "import jax\nkey = jax.random.key(0)\ndef f(x):\n    k = jax.random.PRNGKey(42)\n    return x\n",
        "import jax\n@jax.jit\ndef f(x, step):\n    key = jax.random.fold_in(jax.random.key(0), step)\n    return x + jax.random.normal(key, x.shape)\n",
        "import jax\n@jax.jit\ndef f(x, step):\n    base = jax.random.key(0)\n    key = jax.random.fold_in(base, step)\n    return x + jax.random.normal(key, x.shape)\n",
        "import jax\ndef init(key, x):\n    return x\nshapes = jax.eval_shape(lambda x: init(jax.random.key(0), x), 1.0)\n",
        "import jax\n@jax.jit\ndef init():\n    return jax.random.normal(jax.random.key(0), (3,))\n",
        "import jax\n@jax.jit\ndef f(x, seed):\n    return x + jax.random.normal(jax.random.key(seed), x.shape)\n",
        "import jax\nseed = 0\ndef reseed(s):\n    global seed\n    seed = s\n@jax.jit\ndef f(x):\n    return x + jax.random.normal(jax.random.key(seed), x.shape)\n",
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnums=0)\ndef init(n):\n    return jax.random.normal(jax.random.key(0), (n,))\n",
        "import jax\n@jax.jit\ndef sample(x, key=None):\n    if key is None:\n        key = jax.random.key(0)\n    return x + jax.random.normal(key, x.shape)\n",
        "import jax\ndef noisy(x, key=None):\n    key = key if key is not None else jax.random.key(0)\n    return x + jax.random.normal(key, x.shape)\n@jax.jit\ndef step(x, key):\n    return noisy(x, key)\n",
    )
    INVALID = (
        "import jax\nSEED = 0\n@jax.jit\ndef f(x):\n    return x + jax.random.normal(jax.random.key(SEED), x.shape)\n",
        "import jax\n@jax.jit\ndef f(x):\n    key = jax.random.key(0)\n    return x + jax.random.normal(key, x.shape)\n",
        "import jax\n@jax.jit\ndef f(x, key=None):\n    if key is None:\n        key = jax.random.key(0)\n    return x + jax.random.normal(key, x.shape)\ny = f(1.0)\n",
        "import jax\ndef noisy(x, key=None):\n    key = key if key is not None else jax.random.key(0)\n    return x + jax.random.normal(key, x.shape)\n@jax.jit\ndef step(x):\n    return noisy(x)\n",
        "import jax\nfrom jax import random\n@jax.vmap\ndef f(x):\n    return x + random.uniform(random.PRNGKey(42))\n",
        "import jax\nimport jax.numpy as jnp\ndef noise(x):\n    return jax.random.normal(jax.random.PRNGKey(1), x.shape)\n@jax.jit\ndef f(x):\n    return x + noise(x)\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        via = ctx.via
        if via is None or via in SHAPE_ONLY:
            return
        qual = ctx.qualname(node.func)
        if qual not in KEY_MAKERS:
            return
        args = positional_args(node)
        seed = args[0].value if args else next(
            (a.value for a in node.args if a.keyword is not None and a.keyword.value == "seed"), None)
        if seed is None or not (is_int_literal(seed) or _constant_int_global(ctx, seed)):
            return
        if not self._has_varying_inputs(ctx):
            return  # nothing varies between calls: a jitted initialiser
        if self._folded(ctx, node):
            return
        arg, call = ctx.parent(1), ctx.parent(2)
        if type(arg) is cst.Arg and type(call) is cst.Call and ctx.qualname(call.func) in SHAPE_ONLY:
            return  # `jax.eval_shape(init, key(0))`: a key for shapes only, nothing is drawn
        if unused_key_argument([ctx.parent(depth) for depth in range(1, 5)]):
            return  # a dummy `rngs={"dropout": key(0)}` beside `train=False`
        if carry_initialiser_key([ctx.parent(1), ctx.parent(2)], _assigned_names(ctx, node),
                                 ctx.unit.calls if ctx.unit is not None else []):
            return  # `cell.initialize_carry(key(0), shape)`: zeros unless told otherwise
        if key_for_structure_only(ctx, node):
            return  # `jax.eval_shape(model.init, key, x)`: its draws are abstract or unread
        info = ctx.info
        default_for = none_fallback(ctx, node)
        if default_for is not None:
            # the caller's choice: only a traced call in view that passes no key makes it
            leaving_out = traced_call_leaving_out(ctx, ctx.unit, default_for) \
                if ctx.unit is not None else None
            if leaving_out is None:
                return
            self.report(
                ctx,
                node,
                f"`{snippet(ctx, node)}`, the default for `{default_for}` under "
                f"{ctx.via_description(via)}, makes the same key on every call that passes no "
                f"`{default_for}` (`{snippet(ctx, leaving_out)}` on line {{line0}} can); "
                "pass a key",
                related=(leaving_out,),
                detail="Every call without a key draws the same random numbers. Pass a key "
                       "there (or make the key required).",
            )
            return
        if info is not None and info.loop_body and info.direct:
            when, fix = "iteration", "Carry a key and split it in the body, or scan over split keys."
        else:
            when, fix = "call", "Pass a key in as an argument (split a fresh one per call)."
        self.report(
            ctx,
            node,
            f"`{snippet(ctx, node)}` under {ctx.via_description(via)} makes the same key on "
            f"every {when}; pass a key in",
            detail=f"Every {when} draws the same random numbers. {fix}",
        )

    @staticmethod
    def _has_varying_inputs(ctx: Context) -> bool:
        """Whether the function (or the traced caller reaching it) takes traced inputs."""
        unit = ctx.unit
        info = ctx.info
        while unit is not None and info is not None:
            static = info.static_params
            for p in unit.params:
                if p.name in static or (unit.parent_is_class and p.index == 0):
                    continue
                return True
            if info.direct or info.caller is None:
                return False
            unit = info.caller
            info = ctx.traced_analysis.info.get(id(unit))
        return False

    @staticmethod
    def _folded(ctx: Context, node: cst.Call) -> bool:
        """``fold_in(key(0), data)`` directly, or through a name it is assigned to."""
        parent = ctx.parent()
        if type(parent) is cst.Arg:
            parent = ctx.parent(2)
        if type(parent) is cst.Call and ctx.qualname(parent.func) == "jax.random.fold_in":
            return True
        unit = ctx.unit
        if unit is None:
            return False
        names = _assigned_names(ctx, node)
        if not names:
            return False
        for call in unit.calls:
            if ctx.qualname(call.func) != "jax.random.fold_in" or not call.args:
                continue
            first = call.args[0].value
            if type(first) is cst.Name and first.value in names:
                return True
        return False


def _assigned_names(ctx: Context, value: cst.CSTNode) -> set[str]:
    """The names the statement being walked, ``name = <value>``, binds ``value`` to."""
    statement = ctx.statement
    if type(statement) is not cst.Assign or statement.value is not value:
        return set()
    return {t.target.value for t in statement.targets if type(t.target) is cst.Name}
