from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    ARRAY, Context, REF, STATIC, Store, TRACED, TRACED_ARRAY, guarded_by, is_nnx_style_write,
    names_mutable_container, root_name, self_fixed, stores,
)
from jaxpure.rules._shared import StoreRule, snippet
from jaxpure.rules.base import Rule

_ARRAY_KINDS = (ARRAY, REF, TRACED, TRACED_ARRAY)
_SELF_FIXED = {"static": "a static argument of", "bound": "bound into the method given to"}


class OuterMutation(StoreRule, Rule):
    """
    ## What it does
    Checks for a function traced by a caching transform (`jax.jit`, `jax.pmap`, `nnx.jit`,
    `eqx.filter_jit`, `lax` bodies reached from them, and `lax.scan`/`fori_loop`/
    `while_loop`/`cond` bodies defined at module level, whose traces lax keeps even outside
    jit) that mutates a container or
    object it did not create: `outer_list.append(1)`, `CACHE[k] = v`, `del D[k]`,
    `config.step = 0`, on a module-level object or one closed over from an enclosing
    function; and calls of a method that changes `self` on a module-level instance of a
    class of the module (`scheduler.step()`).

    ## Why is this bad?
    The Python body runs once, while JAX traces it; later calls replay the compiled
    computation and skip the mutation. A list that should grow on every call grows once
    per compilation, a counter in a dict stops counting, and the program's behaviour
    depends on when JAX happened to retrace.

    ## Known problems
    Containers the traced call creates itself (`out = []; out.append(y)`, also when filled
    by a helper it calls, or by a nested function it defines) are fine and not reported.
    Mutating an argument is JXP502; storing a traced value is JXP601 (tracer-leak), which
    takes precedence. Writes to `self` are not reported unless the value is traced: many
    frameworks set attributes while tracing on purpose; the exception is an augmented
    update (`self.num_updates += 1`) in a method jitted with `self` static
    (`static_argnums=0`) or bound (`step = jax.jit(counter.count)`, kept and called again),
    which counts compilations, not calls; a method jitted afresh on each call
    (`jax.jit(self.apply)(x)`) re-runs its body and is not reported. Memoisation guarded by a test on
    the same container (`if n not in CACHE: CACHE[n] = np.eye(n)`) and `setdefault` are
    trace-time caches keyed by static values and are not reported; so is `S.add(v)` with
    static arguments on a set nothing in the module removes from (`compiled.add(task)`:
    once per trace leaves the same set as once per call); nor is a context manager's push
    onto a module-level stack that it pops on exit (`STACK.append(x)` in `__enter__`,
    `STACK.pop()` in `__exit__`): the stack is as it was after the block; nor is a place
    the traced function saves, sets and puts back on every path (`old = nn.CALLBACK`,
    `nn.CALLBACK = cb` ... `nn.CALLBACK = old`, the restore last or in a `finally`). Under `flax.nnx`
    transforms only plain Python containers are checked; `ref[...] = v` and `v.value = ...`
    writes (`jax.new_ref` refs, nnx Variables) are never reported. Generic method names
    (`update`, `add`, `pop`, ...) are only read as mutations on names bound to a list, dict
    or set display or constructor, so `optimizer.update(...)` is not reported.

    ## Example
    ```python
    seen_shapes = []

    @jax.jit
    def step(x):
        seen_shapes.append(1)
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        return x * 2

    seen_shapes.append(1)  # outside the traced function
    ```

    ## Fix safety
    No fix is offered: moving the effect out of the traced function needs a human.
    """

    code = "JXP103"
    name = "outer-mutation"
    summary = "A jitted function mutates an object it did not create"
    VALID = (
        # a set of static values that only grows: once per trace is as good as once per call
        "import jax\nfrom functools import partial\nCOMPILED = set()\n@partial(jax.jit, static_argnames='task')\ndef f(x, task):\n    COMPILED.add(task)\n    return x\n",
        # created inside the traced call
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(xs):\n    out = []\n    for x in xs:\n        out.append(x)\n    out.append(1.0)\n    return jnp.stack(out)\n",
        # a nested helper filling the traced function's own dict
        "import jax\n@jax.jit\ndef f(x):\n    stats = {}\n    def note(k):\n        stats[k] = 1\n    note('a')\n    return x, len(stats)\n",
        # nnx Variables under nnx.jit
        "from flax import nnx\nmodel = None\n@nnx.jit\ndef step(x):\n    model.count.value += 1\n    return x\n",
        # jax.new_ref refs are meant to be written inside jit
        "import jax\nimport jax.numpy as jnp\nREF = jax.new_ref(jnp.zeros(3))\n@jax.jit\ndef f(x):\n    REF[...] = REF[...] + 1\n    return x\n",
        # a trace-time memo keyed by a static value
        "import jax\nimport numpy as np\n_EYE = {}\ndef eye(n):\n    if n not in _EYE:\n        _EYE[n] = np.eye(n)\n    return _EYE[n]\n@jax.jit\ndef f(x):\n    return x @ eye(x.shape[0])\n",
        # optax-style pure `update` on a module-level object
        "import jax\nimport optax\ntx = optax.adam(1e-3)\n@jax.jit\ndef step(grads, state):\n    updates, state = tx.update(grads, state)\n    return updates, state\n",
        # a bare vmap re-runs the body on every call
        "import jax\nCOUNTS = {'calls': 0}\n@jax.vmap\ndef f(x):\n    COUNTS['calls'] += 1\n    return x\n",
        # eager code
        "import jax\nHIST = []\ndef f(x):\n    HIST.append(1)\n    return x\n",
        # self attributes (framework setup patterns) are left alone
        "import functools\nimport jax\nclass M:\n    @functools.partial(jax.jit, static_argnums=0)\n    def f(self, x):\n        self.calls = 1\n        return x\n",
    )
    INVALID = (
        "import functools\nimport jax\nclass Trainer:\n    def __init__(self):\n        self.steps = 0\n    @functools.partial(jax.jit, static_argnums=0)\n    def step(self, x):\n        self.steps += 1\n        return x * 2\n",
        "import jax\nseen = []\n@jax.jit\ndef f(x):\n    seen.append(1)\n    return x * 2\n",
        "import jax\nCOUNTS = {'calls': 0}\n@jax.jit\ndef f(x):\n    COUNTS['calls'] += 1\n    return x\n",
        "import jax\nCACHE = {'a': 1}\n@jax.jit\ndef f(x):\n    del CACHE['a']\n    return x\n",
        "import jax\nclass Config:\n    step = 0\ncfg = Config()\n@jax.jit\ndef f(x):\n    cfg.step = 1\n    return x\n",
        "import jax\ndef make():\n    calls = []\n    @jax.jit\n    def f(x):\n        calls.append('f')\n        return x\n    return f\n",
        "import jax\nSEEN = set()\n@jax.jit\ndef f(x):\n    SEEN.add('f')\n    return x\ndef reset():\n    SEEN.clear()\n",
        "import jax\nfrom flax import nnx\nHIST = []\n@nnx.jit\ndef f(model, x):\n    HIST.append(0)\n    return model(x)\n",
    )

    def check_store(self, ctx: Context, node: cst.CSTNode) -> None:
        via = ctx.caching_via
        if via is None:
            return
        for store in stores(ctx, node):
            if store.value_traced or store.outer.inner_trace:
                continue
            if store.outer.kind == "self" and _counter_on_static_self(ctx, node, store):
                self.report(
                    ctx,
                    node,
                    f"`{snippet(ctx, node)}` updates `self`, "
                    f"{_SELF_FIXED[self_fixed(ctx) or 'static']} {ctx.via_description(via)}: "
                    "it runs once per compilation; carry the value as an argument",
                    detail="The update runs while the method is traced, not on every call, so "
                    "a count stops after the first call. Keep the count outside the jitted "
                    "method, or carry it as an argument and return it.",
                )
                continue
            if store.outer.kind not in ("module", "closure"):
                continue
            if not self._reportable(ctx, node, store):
                continue
            kind = "module-level" if store.outer.kind == "module" else "closed-over"
            self.report(
                ctx,
                node,
                f"`{snippet(ctx, node)}` mutates {kind} `{store.outer.name}` under "
                f"{ctx.via_description(via)}: it runs once, at trace time; return the new value",
                detail="The mutation runs while the function is traced, not on every call. "
                "Return the new value instead, or do the host-side effect in "
                "`jax.debug.callback`/`io_callback`.",
            )

    def _reportable(self, ctx: Context, node: cst.CSTNode, store: Store) -> bool:
        target = store.target
        if is_nnx_style_write(target):
            return False
        root = root_name(target)
        if root is None:
            return False
        base = target.value if isinstance(target, (cst.Subscript, cst.Attribute)) \
            and store.how != "call" else target
        if ctx.kind(base) in _ARRAY_KINDS:
            return False  # JAX arrays (JXP201), refs, traced pytrees
        if ctx.stateful:
            # nnx transforms manage module state; only plain Python containers are checked
            if not (type(base) is cst.Name and names_mutable_container(ctx, base.value)):
                return False
        if store.method == "setdefault":
            return False  # memoisation
        if ctx.facts.stale_names.restored_on_exit(ctx.unit, root.value, target):
            return False  # a context manager's push, popped on exit: scoped to the block
        if store.method in ("add", "update") and _only_grows(ctx, node, root.value):
            # `compiled.add(task)` with a static task: once per trace or once per call
            # leaves the same set (each new static value traces anew) while nothing empties it
            return False
        if store.how != "call" and type(target) is cst.Subscript or store.how == "call":
            if guarded_by(ctx, node, root.value):
                return False  # `if k not in CACHE: CACHE[k] = ...`
        return True

    def visit_Del(self, node: cst.Del, ctx: Context) -> None:
        self.check_store(ctx, node)

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        if type(node.func) is cst.Attribute and ctx.caching_via is not None:
            self.check_store(ctx, node)
            self._instance_method(ctx, node, node.func)

    def _instance_method(self, ctx: Context, node: cst.Call, func: cst.Attribute) -> None:
        """``scheduler.step()`` on a module-level instance whose method changes ``self``."""
        receiver = func.value
        if not type(receiver) is cst.Name or ctx.scope_of(receiver.value) != "module":
            return
        attrs = ctx.facts.self_attributes
        class_name = attrs.instance_class(receiver.value)
        if class_name is None:
            return
        writes = attrs.method_writes(class_name, func.attr.value)
        if not writes or attrs.is_memo(class_name, func.attr.value, {w.path[0] for w in writes}):
            return  # nothing changes, or a memo: `if n not in self._tables: self._tables[n] = ...`
        changed = ", ".join(f"`self.{'.'.join(w.path)}`" for w in writes[:3])
        self.report(
            ctx,
            node,
            f"`{snippet(ctx, node)}` changes module-level `{receiver.value}` under "
            f"{ctx.via_description(ctx.caching_via)}: it runs once, at trace time; call it outside",
            detail=f"`{class_name}.{func.attr.value}` changes {changed}, and that runs while the "
            "function is traced, not on every call. Call it outside the traced function and "
            "pass what it computes in.",
        )


def _only_grows(ctx: Context, node: cst.CSTNode, name: str) -> bool:
    """``name.add(static...)`` (or ``update``) on a container nothing in the module ever
    removes from or rebinds."""
    return type(node) is cst.Call and bool(node.args) \
        and all(ctx.kind(arg.value) == STATIC for arg in node.args) \
        and name not in ctx.index.shrunk and name not in ctx.index.global_writes \
        and names_mutable_container(ctx, name)


def _counter_on_static_self(ctx: Context, node: cst.CSTNode, store: Store) -> bool:
    """``self.num_updates += 1`` in a method jitted with ``self`` static
    (``@partial(jax.jit, static_argnums=0)``): the instance comes from outside the trace,
    and an update of one of its attributes from its own value happens at trace time only.
    Plain assignments (framework setup, caches) are left alone."""
    unit = ctx.unit
    if unit is None or self_fixed(ctx) is None or type(node) is not cst.AugAssign:
        return False
    return type(store.target) is cst.Attribute and type(store.target.value) is cst.Name \
        and store.target.value.value == unit.params[0].name
