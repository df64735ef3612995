from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, Transform, Unit, call_arg, calls_named, constant_iterable, contains, inherent_per_call,
    memoiser, one_program_per_item, outlives_iteration, reads_any, repeated_units, repeating_loop_node,
    made_by, new_function_object, returned_values, reused_by_structure, target_names,
    under_rebuild_guard, wrapper_transform)
from jaxpure.rules._shared import snippet
from jaxpure.rules.base import Rule


def _compiles(t: Transform) -> bool:
    """Transforms that compile and cache on the identity of the function they wrap."""
    return t.caching and t.kind == "wrap" and "checkpoint" not in t.name and "remat" not in t.name


class JitInLoop(Rule):
    """
    ## What it does
    Checks for `jax.jit(...)` (also `pmap`, `eqx.filter_jit`, `nnx.jit`) applied to a
    freshly created function (a `lambda`, a nested `def`, a `functools.partial(...)`, a
    bound method, or another transform's result such as `jax.vmap(f)`; directly or through
    a name bound to it there, `f = functools.partial(g, lr=lr)`) and called, when this
    happens inside a Python loop body, or inside a function that is itself called in a
    loop in the same module (also a subclass's override of a method its base class's loop
    calls as `self.update(...)`, and, in any module, an override of a method the base class
    declares abstract and calls in a loop). A nested `@jax.jit def` defined and called there is checked
    the same way, and so is a factory that returns `jax.jit(<a function it defines>)` when
    it is called in a `for` loop with arguments that do not change between iterations.

    ## Why is this bad?
    `jit` caches compiled code on the identity of the function it wraps. A new lambda,
    closure or partial object on every iteration is a new function, so JAX traces and
    compiles it again on every iteration: the loop runs at compile speed (often 100x
    slower or worse), with no error.

    ## Known problems
    `jax.jit(module_level_function)` inside a loop hits the cache and is not reported
    (`nnx.jit(module_level_function)` does not: each nnx.jit wrapper compiles anew), nor is
    `eqx.filter_jit` of an Equinox Module's bound method or of an `eqx.filter_vmap` (or
    other filtered transform) of a stable function (filter_jit compiles once per static
    structure of what it wraps), nor
    is a function whose identity the analysis cannot see (a parameter, an attribute other
    than a `self.method`). Factories that build a jitted function and return it
    (`make_step(cfg)`) are not reported, even when called in a loop: building one jitted
    function per configuration is what they are for. Jitted functions stored rather than
    called in the loop (a list of per-item functions) are not reported, nor are ones
    called there and kept past the iteration (put in a container or attribute bound
    outside the loop, directly, in a dict or list built in the iteration, or in an object
    of a capitalised class; or yielded): the call is a warm-up, each compiles once and is
    reused later. One kept only in a name rebound each iteration is reported. A loop over
    literal constants (a literal tuple, `itertools.product` of literal tuples) whose
    values the jitted function uses is a configuration sweep (autotuning: one compilation
    per configuration is inherent) and is not reported, nor is one over the indices of such
    a literal table (`for i in range(len(widths))`); any other `range(...)` loop repeats
    work and is not a sweep. Nor is a method of an object the loop builds from its target on each
    iteration (`for env_id in ids: env = make(env_id); step = jax.jit(env.step)`, also
    through `partial(solver.dense, solution=s)` bound in the body): one compilation per
    object is inherent. Nor is a rebuild only on the iterations that ask for
    it: under an `if flag:` whose branch clears the flag or an `if not flag:` whose branch
    sets it (also beside other conditions joined by `and`), or under `if new != old:` where
    the loop binds one of the two names (a schedule value that changed since the last
    step). Nor is a jit built, or a function called, on a path that leaves the loop (a block
    ending in `break`, `return` or `raise` with no `continue` in it, not caught by a `try`
    inside the loop): `return fit(x, lr / 3)` retrying on divergence runs once per run of
    the loop. Nor is a jit on every call of a function whose program changes with what every
    loop calling it changes (an argument made from the loop's target or a name it rebinds):
    when that value reaches a place in the jitted function where a dtype or shape goes
    (`.astype`, `.reshape`, a `dtype=` or `*_dtype=` keyword, a shape parameter), or when the
    function then calls the jitted function in a loop of its own (a training or solving loop)
    and it closes over that value, a partial binds it, or the own loop passes arrays whose
    shapes are made from it: one compilation per call is the least there can be, and it
    serves the whole own loop. The same holds in a loop body: a jit the body builds from the
    loop's item (`loss = loss_func(model)`, `jax.jit(jax.value_and_grad(loss))`) and calls
    in a loop of its own (a training loop per model) is not reported. A jit over values
    passed unchanged, or over a changing value used as data and called once, is reported.
    Only loops and calls in the same module are
    seen.

    ## Example
    ```python
    for batch in batches:
        loss = jax.jit(lambda p: loss_fn(p, batch))(params)
    ```

    ## Use instead
    ```python
    loss_jit = jax.jit(loss_fn)
    for batch in batches:
        loss = loss_jit(params, batch)
    ```

    ## Fix safety
    No fix is offered: hoisting the function needs the changing values turned into
    arguments.
    """

    code = "JXP603"
    name = "jit-in-loop"
    summary = "A function is jitted anew on every loop iteration"
    level = "warning"
    VALID = (
        "import functools\nimport jax\n@functools.lru_cache\ndef make(s):\n    def f(x):\n        return x * s\n    return f\ndef run(xs):\n    return [jax.jit(make(2.0))(x) for x in xs]\n",
        "import jax\ndef loss(p, b):\n    return p * b\nloss_jit = jax.jit(loss)\ndef train(p, batches):\n    for b in batches:\n        p = loss_jit(p, b)\n    return p\n",
        # a module-level function: jit hits its cache
        "import jax\ndef loss(p, b):\n    return p * b\ndef train(p, batches):\n    for b in batches:\n        p = jax.jit(loss)(p, b)\n    return p\n",
        # a factory called once
        "import jax\ndef make_step(lr):\n    return jax.jit(lambda p, g: p - lr * g)\nstep = make_step(0.1)\ndef train(p, gs):\n    for g in gs:\n        p = step(p, g)\n    return p\n",
        # a factory called per configuration returns the jitted function: intended
        "import jax\ndef make_step(lr):\n    return jax.jit(lambda p, g: p - lr * g)\ndef sweep(p, g):\n    for lr in (0.1, 0.01):\n        step = make_step(lr)\n        p = step(p, g)\n    return p\n",
        # jitted functions stored per item, compiled once each
        "import jax\ndef build(scales):\n    fns = []\n    for s in scales:\n        fns.append(jax.jit(lambda x, s=s: x * s))\n    return fns\n",
        # called once to warm it up, then kept for later calls: compiled once each
        "import jax\ndef build(scales, x):\n    fns = []\n    for s in scales:\n        f = jax.jit(lambda v, s=s: v * s)\n        f(x)\n        fns.append(f)\n    return fns\n",
        # inside a jitted function, an inner jit runs at trace time only
        # a sweep over configurations: one compilation per configuration is inherent
        "import itertools\nimport jax\ndef tune(x):\n    for blocks, tile in itertools.product((4, 8), (512, 1024)):\n        @jax.jit\n        def kernel(v):\n            return v.reshape(blocks, -1) * tile\n        kernel(x)\n",
        "import jax\ndef run(lr):\n    f = jax.jit(lambda p: p * lr)\n    return f(1.0)\nfor lr in (0.1, 0.01):\n    run(lr)\n",
        "import jax\n@jax.jit\ndef f(xs):\n    for i in range(3):\n        xs = jax.jit(lambda v: v + i)(xs)\n    return xs\n",
        # the nested def is created once, outside the loop
        "import jax\ndef train(p, bs):\n    def loss(p, b):\n        return p * b\n    loss_jit = jax.jit(loss)\n    for b in bs:\n        p = loss_jit(p, b)\n    return p\n",
        # the path leaves the loop: built and called once per run of the loop
        "import jax\ndef f(x):\n    return x * 2\nwhile True:\n    y = jax.jit(jax.vmap(f))(1.0)\n    break\n",
        "import jax\ndef fit(x, lr):\n    step = jax.jit(lambda p: p * lr)\n    for _ in range(9):\n        x = step(x)\n        if x > 9:\n            return fit(x, lr / 3)\n    return x\n",
        # a method of a different object on each iteration: one compilation per object
        "import jax\nclass Env:\n    def __init__(self, n):\n        self.n = n\n    def step(self, s):\n        return s * self.n\ndef sweep(sizes):\n    for size in sizes:\n        env = Env(size)\n        step = jax.jit(jax.vmap(env.step))\n        step(1.0)\n",
        # ... also through a `partial` of the object's method (probdiffeq's solvers)
        "import functools\nimport jax\nclass Solver:\n    def __init__(self, n):\n        self.n = n\n    def dense(self, t, scale):\n        return t * self.n * scale\ndef sweep(sizes, ts):\n    for size in sizes:\n        solver = Solver(size)\n        dense = functools.partial(solver.dense, scale=2.0)\n        jax.jit(jax.vmap(dense))(ts)\n",
    )
    INVALID = (
        'import jax\ndef make_eval():\n    def ev(x):\n        return x * 2\n    return jax.jit(ev)\ndef fit(xs):\n    out = []\n    for x in xs:\n        ev = make_eval()\n        out.append(ev(x))\n    return out\n',
        'import jax\nclass Probe:\n    def acc(self, x):\n        return x\ndef run(probe, xs):\n    return [jax.jit(probe.acc)(x) for x in xs]\n',
        "import jax\ndef make(s):\n    def f(x):\n        return x * s\n    return f\ndef run(xs):\n    return [jax.jit(make(2.0))(x) for x in xs]\n",
        "import jax\ndef train(p, batches):\n    for b in batches:\n        p = jax.jit(lambda q: q * b)(p)\n    return p\n",
        "import functools\nimport jax\ndef loss(p, b):\n    return p * b\ndef train(p, batches):\n    for b in batches:\n        f = jax.jit(functools.partial(loss, b=b))\n        p = f(p)\n    return p\n",
        # one function with each batch bound: the batch belongs in the arguments
        "import functools\nimport jax\ndef loss(p, b):\n    return p * b\ndef train(p, batches):\n    for b in batches:\n        f = functools.partial(loss, b=b)\n        p = jax.jit(jax.vmap(f))(p)\n    return p\n",
        "import jax\ndef train(p, batches):\n    for b in batches:\n        @jax.jit\n        def step(q):\n            return q * b\n        p = step(p)\n    return p\n",
        "import jax\ndef evaluate(p, b):\n    f = jax.jit(lambda q: q * b)\n    return f(p)\ndef run(p, batches):\n    return [evaluate(p, b) for b in batches]\n",
        "import jax\ndef evaluate(p, b):\n    def loss(q):\n        return q * b\n    return jax.jit(loss)(p)\nfor b in range(3):\n    evaluate(1.0, b)\n",
        "import jax\nfor step in range(100):\n    y = jax.jit(lambda p: p * step)(1.0)\n",
        "import jax\ndef f(x, n):\n    for _ in range(n):\n        x = jax.jit(lambda v: v * 2)(x)\n    return x\n",
        "import jax\ndef f(x):\n    return x * 2\nwhile y < 3:\n    y = jax.jit(jax.vmap(f))(1.0)\n",
        # the same object rebuilt on every iteration: the compilation repeats for nothing
        "import jax\nclass Env:\n    def __init__(self, n):\n        self.n = n\n    def step(self, s):\n        return s * self.n\ndef train(size, steps):\n    for _ in range(steps):\n        env = Env(size)\n        step = jax.jit(env.step)\n        step(1.0)\n",
    )

    # -- where the jitted function is created ------------------------------------------
    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        """``jax.jit(fn)(args)``: created and called at once."""
        if not type(node.func) is cst.Call:
            return
        created = node.func
        wrapped = self._wrapped(ctx, created)
        if wrapped is None:
            return
        self._check(ctx, created, wrapped, None)

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        """``f = jax.jit(fn)`` followed by ``f(...)`` in the same repeated region."""
        if not type(node.value) is cst.Call or len(node.targets) != 1:
            return
        target = node.targets[0].target
        if not type(target) is cst.Name:
            return
        wrapped = self._wrapped(ctx, node.value)
        if wrapped is None:
            self._jitting_factory(ctx, node.value, target.value)
            return
        self._check(ctx, node.value, wrapped, target.value)

    def _jitting_factory(self, ctx: Context, call: cst.Call, bound_to: str) -> None:
        """``eval_fn = make_eval_fn(3)`` in a loop, where ``make_eval_fn`` returns
        ``jax.jit(<a function it defines>)``: a new jitted function, compiled again, on every
        iteration (the factory is fine when called once)."""
        loop = repeating_loop_node(ctx) if ctx.loops and not ctx.traced else None
        if loop is None:
            return  # the path leaves the loop: the factory runs once per run of it
        factory = ctx.resolver.function(call.func, ctx.unit)
        if factory is None or not type(factory.node) is cst.FunctionDef \
                or memoiser(ctx, factory) is not None:
            return
        returned = returned_values(factory.node)
        if not returned or not all(self._jits_fresh_function(ctx, v, factory) for v in returned):
            return
        if not type(loop) is cst.For or reads_any(call, set(target_names(loop.target))):
            return  # one jitted function per configuration the loop sweeps is the point
        if not calls_named(loop.body, bound_to):
            return
        self.report(
            ctx,
            call,
            f"`{snippet(ctx, call)}` inside a loop returns a newly jitted function on every "
            "iteration; call the factory once, outside the loop",
            detail=f"`{factory.name}` jits a function it defines, so JAX traces and compiles it "
            "again on every iteration.",
        )

    @staticmethod
    def _jits_fresh_function(ctx: Context, value: cst.BaseExpression, factory: Unit) -> bool:
        if not type(value) is cst.Call:
            return False
        found = ctx.traced_analysis.transform(value.func, factory)
        if found is None or not _compiles(found[0]):
            return False
        target = call_arg(value, 0, "fun")
        return type(target) is cst.Lambda or type(target) is cst.Name \
            and target.value in factory.nested

    def visit_FunctionDef(self, node: cst.FunctionDef, ctx: Context) -> None:
        """A nested ``@jax.jit def f`` followed by ``f(...)`` in the repeated region."""
        if ctx.traced:
            return
        for decorator in node.decorators:
            found = ctx.traced_analysis.transform(decorator.decorator, ctx.unit)
            if found is not None and _compiles(found[0]):
                self._check(ctx, decorator.decorator, node, node.name.value, nested_def=True)
                return

    # -- checks ------------------------------------------------------------------------
    def _wrapped(self, ctx: Context, call: cst.Call) -> cst.BaseExpression | None:
        """The function ``call`` jits (``jax.jit(f)``, ``partial(jax.jit, ...)(f)``)."""
        if ctx.traced:
            return None
        func = call.func
        found = ctx.traced_analysis.transform(func, ctx.unit)
        if found is None or not _compiles(found[0]):
            return None
        if found[1] is None and not type(func) is cst.Call:
            return call_arg(call, 0, "fun")
        if type(func) is cst.Call:
            return call_arg(call, 0, "fun")
        return None

    @staticmethod
    def _fresh(ctx: Context, wrapped: cst.CSTNode, region: cst.CSTNode | None) -> str | None:
        """Why ``wrapped`` is a new function object every time this code runs, or None."""
        found = new_function_object(ctx, wrapped, region)
        if found is None:
            return None
        kind, maker = found
        if kind == "wrap" and maker is not None:
            return f"a new `{snippet(ctx, maker)}(...)` function"
        if kind == "factory" and maker is not None:
            return f"the new function `{snippet(ctx, maker)}(...)` returns"
        return _NEW[kind]

    def _check(self, ctx: Context, created: cst.CSTNode, wrapped: cst.CSTNode,
               bound_to: str | None, nested_def: bool = False) -> None:
        loop = repeating_loop_node(ctx)
        if loop is not None:
            # a statement loop's body, or a whole comprehension (`[jax.jit(f)(x) for x in xs]`)
            region: cst.CSTNode = getattr(loop, "body", loop)
            where = "inside a loop"
            when = "on every iteration"
            place = "outside the loop"
        else:
            unit = ctx.unit
            if unit is None:
                return
            caller = repeated_units(ctx).get(id(unit))
            if caller is None:
                return
            region = unit.node
            loop_place = "at module level" if caller == "module level" else f"in {caller}"
            where = f"in `{unit.name}`, which is called in a loop {loop_place},"
            when = "on every call"
            place = "outside the function"
        scope = region if loop is not None else None
        wrapped = made_by(ctx, wrapped, scope)  # `f = partial(g, lr=lr)`, then `jax.jit(f)`
        why = self._fresh(ctx, wrapped, scope)
        if why and reused_by_structure(ctx, created, wrapped, lambda e: not self._fresh(ctx, e, scope)):
            return  # `eqx.filter_jit(scoring_fn.aux)`: one compilation per Module structure
        if why is None and getattr(wrapper_transform(ctx, created), "name", None) == "flax.nnx.jit" \
                and isinstance(wrapped, (cst.Name, cst.Attribute)):
            # checked under flax 0.12: each nnx.jit wrapper compiles anew, even of one function
            why = "a new `nnx.jit` wrapper (nnx.jit keeps no compiled code shared between wrappers)"
        if why is None:
            return
        if type(loop) is cst.For and constant_iterable(ctx, loop.iter, follow=True) \
                and reads_any(wrapped, set(target_names(loop.target))):
            return  # one compilation per configuration value is inherent (autotuning)
        if type(loop) is cst.For and one_program_per_item(loop, wrapped, bound_to):
            return  # one compilation per env (`jax.jit(env.step)`), or per model reused inside
        if loop is not None and under_rebuild_guard(ctx, created, region):
            return  # `if need_compile:` cleared in its branch, `if new != old:`: rebuilt when asked
        if bound_to is not None and (not calls_named(region, bound_to)
                                     or loop is not None and outlives_iteration(loop, bound_to)):
            return  # not called here (stored, or returned by a factory), or kept: a warm-up
        if loop is None and ctx.unit is not None and inherent_per_call(ctx, ctx.unit, wrapped, bound_to):
            return  # another program on each call of the loop (other shapes, dtypes, bound values)
        if nested_def:
            text = f"`@{snippet(ctx, created)} def {bound_to}`"
        else:
            text = f"`{snippet(ctx, created)}`"
        self.report(
            ctx,
            created,
            f"{text} {where} jits {why} {when}, compiled anew each time; jit it once, {place}",
            detail="JAX traces and compiles the new function again each time. Define the "
            f"jitted function once, {place}, and pass the changing values as arguments.",
        )


_NEW = {"lambda": "a new lambda", "function": "a new function",
        "partial": "a new `functools.partial` object", "bound method": "a new bound method",
        "nested function": "a new nested function"}
