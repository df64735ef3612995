from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis import (
    Context, MUTATING_METHODS, REF, Unit, attribute_path, literal_item_key, self_param,
    tried_lookups,
)
from jaxpure.rules._shared import under
from jaxpure.rules.base import Rule


_STALE_DETAIL = ("{via} bakes in the value {name} has when the function is traced and silently "
                 "ignores later changes until it retraces. Pass it as an argument.")

class GlobalRead(Rule):
    """
    ## What it does
    Checks for functions traced by a caching transform (`jax.jit`, `pmap`, `lax` bodies
    reached from them, `jax.checkpoint`, and `lax.scan`/`fori_loop`/`while_loop`/`cond`
    bodies defined at module level, whose traces lax keeps even outside jit) that read a module global or an enclosing
    function's variable whose value can change after tracing: one that is reassigned
    (a second binding, an augmented assignment, a `global`/`nonlocal` write) or mutated in
    place (`config["lr"] = v`, `history.append(v)`, `cfg.lr = v`) somewhere in the module.

    An attribute of a module-level instance of a class of the module (`obs_rms.mean`,
    with `obs_rms = RunningMeanStd(3)`) that a method of the class reassigns or mutates
    is reported the same way.

    The same holds for a method traced with its instance bound (`self._step =
    jax.jit(self._update)`) or static (`@partial(jax.jit, static_argnums=0)`): every
    `self.attr` it reads (also in its lambdas, nested functions and the methods it calls
    on `self`) is a constant of the compiled function. Such a read is reported when another
    method of the class reassigns `self.attr`, updates it (`+=`) or mutates it in place
    (`self.attr.append(v)`, `self.attr[k] = v`, `self.attr.sub = v`).

    ## Why is this bad?
    `jit` runs the Python body once and caches the compiled result. The value the global
    had at trace time is baked in; later changes are silently ignored until something
    forces a retrace (a new input shape), so results depend on call history.

    ## Known problems
    Imports, functions, classes and names bound once (including a JAX array, and a list,
    dict or NumPy array that nothing in the module mutates) are treated as constants and not
    reported: a container mutated only from another module is missed. A rebinding or an
    augmented assignment (`y += noise`) at module level before the traced function is
    defined (an import-time override, a notebook's data cell), a change made through
    `global` by private helpers (in a notebook, any helper: nothing imports it) called only
    above the definition, or in a script's
    `if __name__ == "__main__":` block before it calls anything of the module
    (`temperature = args.temperature`), happens before any trace and is not reported.
    Neither is a rebinding by module code after the module's last run of the traced function
    (a notebook section rebinding `shift` or `dt` for the next system): a run is a module-level
    statement naming it, a value holding it (`step = jax.jit(update)`; not what a jitted
    function called where it is made computed, `v = jax.jit(init)()`) or a module-level
    function calling it; a rebinding between two runs, or in a loop that runs it, is reported
    (unless every run after it passes a dict display whose keys no run before it passed: a
    new structure, traced anew). A run that only calls module functions making the reader
    anew on each call (an undecorated factory whose closures a function jits, runs and keeps
    to itself, as jax-md's `run_benchmark` does) leaves no trace behind and is not counted. A
    `def` of the same name later in a block (a notebook's loop defining a new `step`) is
    another function for the rest of that block, and `f = jax.jit(f)` runs nothing.
    In-place changes by module code (`agents.append(a)`,
    `cfg["lr"] = v`) are ordered the same way: a list a notebook fills after defining the
    function but before building `jax.pmap(meta_update)` and running it is set-up. Either
    change after the definition is reported for every function the module does not run
    itself, keeps in a container or an attribute, exports in `__all__`, reaches from a
    method, or that another module traces. A
    module that runs its jitted function at import, rebinds the global and is then imported by
    code that calls the function again is missed. A
    closed-over name is reported only when it is rebound, or changed in place by the
    enclosing function (`q[mask] = 0`), between two uses of its local functions (or in a
    loop that uses one): rebound before the first use
    (`linear = jax.custom_vjp(linear)`) or after the last, every trace sees one value; an attribute
    assigned in a function (`cfg.lr = v`) makes only that attribute stale; a dict used as a
    trace-time memo (`if k not in CACHE`, `try: CACHE[k]` / `except KeyError`), a registry filled only by decorators applied at
    import (`@register("swish")`) or by a function that only stores a callable under a
    name it is given (`def register_env(name: str, ctor: Callable): REGISTRY[name] = ctor`:
    the registry only grows, and what a trace looked up stays) and `jax.new_ref` refs are
    not reported. Neither is a
    global bound once and changed only by context managers (`__enter__`/`__exit__`,
    `@contextmanager`): an effect-handler stack or a flag set for a `with` block is scoped
    configuration, read at trace time on purpose by code traced inside the block; a jitted
    function first called inside the block and then outside it replays the block's value,
    and that is missed. A global
    set by a `setup()` that always runs before the first call is reported: nothing in the
    code says so. Bare `vmap` and `grad` re-run the Python body on every call and are not
    reported.

    For attributes of `self`: writes in `__init__`, `__post_init__`, `setup`, in methods
    referred to only from those, and in the traced method itself are not changes after
    tracing; neither are writes in a method that also re-jits (creates a new jitted
    function) or calls `clear_cache()`. A method that assigns an attribute but is never
    called in the module is still reported (it may be called by users; nothing in the code
    says it is not). `jax.jit(self.m)(x)` called on the spot traces afresh and is not
    reported; under `eqx.filter_jit` and `nnx.jit` the module is a traced argument and is
    not reported; nor are classes derived from Flax, Equinox or Haiku modules, a static
    `self` whose class is a dataclass or a pytree, `*_ref` attributes, and reads of
    methods and properties. A value `__hash__`/`__eq__` does not make a static `self`
    safe: jit keeps the object it saw, so an attribute changed in place meets the old trace. Writes from outside the class (`trainer.lr = v`)
    and from subclasses are missed.

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
        # filled at import, before any trace: set-up, not a change
        "import jax\nSTATE = {}\nSTATE['scale'] = 2.0\n@jax.jit\ndef f(x):\n    return x * STATE['scale']\n",
        'import jax\nrate = 0.1\n@jax.jit\ndef f(x):\n    return x * rate\ndef set_rate(r):\n    global rate\n    rate = r\n    f.clear_cache()\n',
        "import jax\nSCALE = 2.0\n@jax.jit\ndef f(x):\n    return x * SCALE\n",
        "import jax\nimport jax.numpy as jnp\nW = jnp.ones(3)\n@jax.jit\ndef f(x):\n    return x @ W\n",
        "import jax\nLAYERS = [1, 2]\n@jax.jit\ndef f(x):\n    return x * len(LAYERS)\n",
        "import jax\nsizes = [1, 2]\n@jax.jit\ndef f(x):\n    return x * len(sizes)\n",
        "import jax\nscale = 2.0\n@jax.vmap\ndef f(x):\n    return x * scale\nscale = 3.0\n",
        "import jax\ntry:\n    import numpy as np\nexcept ImportError:\n    np = None\n@jax.jit\ndef f(x):\n    return x\n",
        "import jax\ndef make(scale):\n    @jax.jit\n    def f(x):\n        return x * scale\n    return f\n",
        "import jax\nif jax.__version__ > '0.4':\n    MODE = 'a'\nelse:\n    MODE = 'b'\n@jax.jit\ndef f(x):\n    return x if MODE == 'a' else -x\n",
        "import jax\nclass T:\n    def __init__(self, lr):\n        self.lr = lr\n        self._step = jax.jit(self._update)\n"
        "    def _update(self, x):\n        return x * self.lr\n",
        "import jax\nclass T:\n    def __init__(self, lr):\n        self.lr = lr\n        self._step = jax.jit(self._update)\n"
        "    def _update(self, x):\n        return x * self.lr\n"
        "    def set_lr(self, lr):\n        self.lr = lr\n        self._step = jax.jit(self._update)\n",
        "import jax\nclass T:\n    def __init__(self, lr):\n        self.lr = lr\n"
        "    def _update(self, x):\n        return x * self.lr\n"
        "    def run(self, x):\n        return jax.jit(self._update)(x)\n"
        "    def set_lr(self, lr):\n        self.lr = lr\n",
        "import equinox as eqx\nclass M(eqx.Module):\n    lr: float\n"
        "    @eqx.filter_jit\n    def __call__(self, x):\n        return x * self.lr\n",
    )
    INVALID = (
        "import jax\nscale = 2.0\n@jax.jit\ndef f(x):\n    return x * scale\nscale = 3.0\n",
        "import jax\ncounter = 0\ndef bump():\n    global counter\n    counter += 1\n@jax.jit\ndef f(x):\n    return x + counter\n",
        "import jax\nconfig = {'scale': 2.0}\n@jax.jit\ndef f(x):\n    return x * config['scale']\ndef set_scale(s):\n    config['scale'] = s\n",
        "import jax\nSTATE = {}\nSTATE['scale'] = 2.0\n@jax.jit\ndef f(x):\n    return x * STATE['scale']\ndef rescale(v):\n    STATE['scale'] = v\n",
        "import jax\ndef train(xs):\n    total = 0.0\n    @jax.jit\n    def step(x):\n        return x + total\n    for x in xs:\n        total += step(x)\n    return total\n",
        "import jax\nclass Trainer:\n    def __init__(self, lr):\n        self.lr = lr\n"
        "        self._step = jax.jit(self._update)\n"
        "    def _update(self, params, grads):\n"
        "        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)\n"
        "    def decay_lr(self, factor=0.5):\n        self.lr = self.lr * factor\n",
        "import functools\nimport jax\nclass Stack:\n    def __init__(self):\n        self.layers = []\n"
        "    @functools.partial(jax.jit, static_argnums=0)\n    def apply(self, x):\n"
        "        for w in self.layers:\n            x = x @ w\n        return x\n"
        "    def add_layer(self, w):\n        self.layers.append(w)\n",
    )

    def __init__(self) -> None:
        # per file: (unit, name) read as a memo cache, and (unit, name) already reported
        self._memo_reads: set[tuple[int, str]] = set()
        self._seen: set[tuple[int, str]] = set()


    def _memos(self, ctx: Context) -> set:
        return self._memo_reads

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        # `if k not in CACHE: CACHE[k] = ...`: a trace-time memo keyed by static values,
        # whose entries never change once written
        for target in node.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                memo = _memo_key(target.comparator)
                if memo is not None:
                    self._memos(ctx).add((id(ctx.unit), memo))

    def visit_Try(self, node: cst.Try, ctx: Context) -> None:
        # `try: return CACHE[k]` / `except KeyError: CACHE[k] = ...`: the same memo
        for lookup in tried_lookups(node):
            memo = _memo_key(lookup.value)
            if memo is not None:
                self._memos(ctx).add((id(ctx.unit), memo))

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "setdefault":
            memo = _memo_key(func.value)
            if memo is not None:
                self._memos(ctx).add((id(ctx.unit), memo))

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
        seen = self._seen
        if (id(unit), name) in seen or (id(unit), name) in self._memos(ctx):
            return
        if ctx.lookup(name) == REF:
            return  # a jax.new_ref ref is meant to be read and written under jit
        scope = ctx.scope_of(name)
        stale = ctx.facts.stale_names
        if scope == "module":
            parent = ctx.parent()
            attribute = parent.attr.value if type(parent) is cst.Attribute \
                and parent.value is node else None
            item = literal_item_key(parent) if type(parent) is cst.Subscript \
                and parent.value is node else None
            reason = stale.module_reason(name, attribute, unit, item)
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
            f"{where.capitalize()} `{name}` {reason}; {under(ctx, via)} keeps its trace-time "
            "value: pass it as an argument",
            detail=_STALE_DETAIL.format(name=f"`{name}`", via=under(ctx, via)),
        )

    def visit_Attribute(self, node: cst.Attribute, ctx: Context) -> None:
        # `self.lr` in a method jitted with `self` bound (`jax.jit(self._update)`) or static
        parent = ctx.parent()
        if ctx.in_store or type(parent) is cst.Attribute and parent.value is node:
            return  # only the whole chain `self.cfg.lr`, read
        root = node.value
        while type(root) is cst.Attribute:
            root = root.value
        unit = ctx.unit
        if not type(root) is cst.Name or unit is None:
            return
        if ctx.caching_via is not None and ctx.scope_of(root.value) == "module":
            self._instance_attribute(ctx, node, root.value, parent)
            return
        method: Unit | None = unit
        while method is not None and not method.parent_is_class:
            method = method.parent
        info = ctx.traced_analysis.info.get(id(method)) if method is not None else None
        if method is None or info is None or info.caching_via is None:
            return  # cheap exit: the enclosing method is not traced by a caching transform
        attrs = ctx.facts.self_attributes
        if id(method) not in attrs.baked:
            return
        first = self_param(method)
        if root.value != first or not attrs.self_name_refers(unit, method, first):
            return
        via = ctx.caching_via
        if via is None:
            if unit is method or not type(unit.node) is cst.Lambda:
                return
            via = attrs.baked[id(method)]  # a lambda run while the method is traced
        path = attribute_path(node, first)
        if path is None:
            return
        if type(parent) is cst.Call and parent.func is node and path[-1] in MUTATING_METHODS:
            return  # the mutation itself is JXP601's to report
        key = (id(unit), f"{first}.{path[0]}")
        if key in self._memos(ctx):
            return
        self._report_attribute(ctx, node, key, via, lambda: attrs.reason(
            method.class_name or "", path, unit), f", but `{first}` is not a traced argument here")

    def _instance_attribute(self, ctx: Context, node: cst.Attribute, name: str,
                            parent: cst.CSTNode | None) -> None:
        """``obs_rms.mean`` where ``obs_rms = RunningMeanStd(3)`` at module level and a
        method of the class reassigns ``self.mean``."""
        attrs = ctx.facts.self_attributes
        class_name = attrs.instance_class(name)
        path = attribute_path(node, name)
        if class_name is None or path is None:
            return
        if type(parent) is cst.Call and parent.func is node:
            return  # a method call: what it changes is JXP103's
        self._report_attribute(
            ctx, node, (id(ctx.unit), f"{name}.{path[0]}"), ctx.caching_via,
            lambda: attrs.reason(class_name, path, ctx.unit, shown=name),
            f" (`{name}` is a module-level `{class_name}`)")

    def _report_attribute(self, ctx: Context, node: cst.Attribute, key: tuple[int, str],
                          via: str | None, reason_of: Callable[[], str | None],
                          context: str) -> None:
        """Report an attribute read once per function and attribute, when it can change."""
        seen = self._seen
        if key in seen:
            return
        reason = reason_of()
        if reason is None:
            return
        seen.add(key)
        self.report(
            ctx,
            node,
            f"Attribute {reason}{context}; {under(ctx, via)} keeps its trace-time value: "
            "pass it as an argument",
            detail=_STALE_DETAIL.format(name="the attribute", via=under(ctx, via)),
        )

    def _is_mutation_receiver(self, ctx: Context) -> bool:
        """``G.append(v)`` or ``G[k].append(v)``: the global is written, not read."""
        level, parent = 1, ctx.parent()
        if type(parent) is cst.Subscript and parent.value is ctx.parent(0):
            level, parent = 2, ctx.parent(2)
        if type(parent) is cst.Attribute and parent.attr.value in MUTATING_METHODS:
            return isinstance(ctx.parent(level + 1), cst.Call)
        return False


def _memo_key(node: cst.BaseExpression) -> str | None:
    """``CACHE`` -> "CACHE"; ``self._cache`` -> "self._cache" (a trace-time memo)."""
    if type(node) is cst.Name:
        return node.value
    if type(node) is cst.Attribute and type(node.value) is cst.Name:
        return f"{node.value.value}.{node.attr.value}"
    return None
