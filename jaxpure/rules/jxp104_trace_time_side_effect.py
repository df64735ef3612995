from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    CONTROL_FLOW, Context, debug_print_call, dotted_name, enclosing_if_tests,
    is_deprecation_warning, is_trace_message, names_tested_value, printed_values, shows_traced,
    side_effect_of, static_test, static_text,
)
from jaxpure.rules.base import Invalid, Replacement, Rule

# per category: what happens and the fix in a few words (the concise line), then the detail
_ONCE = "runs once, at trace time"
_NOT_EVERY_CALL = "It runs while the function is traced, not on every call"
_CONSEQUENCE = {
    "print": (_ONCE, "use `jax.debug.print`",
              f"{_NOT_EVERY_CALL}, and prints tracers, not values. "
              'Use `jax.debug.print("x={}", x)`.'),
    "log": (_ONCE, "log from `jax.debug.callback`",
            f"{_NOT_EVERY_CALL}, and logs tracers, not values. Log from `jax.debug.callback`, "
            "or return the values and log outside."),
    "warn": (_ONCE, "warn from `jax.debug.callback`",
             f"{_NOT_EVERY_CALL}, and shows tracers, not values. Warn from "
             "`jax.debug.callback`, or return the values and warn outside."),
    "clock": ("is read once, at trace time", "pass the time in",
              "The time read while tracing is baked into the compiled function as a constant. "
              "Pass the time in as an argument."),
    "random": ("is drawn once, at trace time", "use `jax.random` with a key",
               "The value drawn while tracing is baked into the compiled function: every call "
               "sees the same value. Use `jax.random` with a key passed in as an argument."),
    "seed": (_ONCE, "seed outside",
             f"{_NOT_EVERY_CALL}. Seed once outside, and use `jax.random` with a key passed "
             "in inside."),
    "io": (_ONCE, "do the I/O outside",
           f"{_NOT_EVERY_CALL}. Do the I/O outside the traced function, or in "
           "`jax.experimental.io_callback`."),
}


class TraceTimeSideEffect(Rule):
    """
    ## What it does
    Checks for calls with side effects in a function traced by a caching transform
    (`jax.jit`, `jax.pmap`, `nnx.jit`, `eqx.filter_jit`, and `lax` bodies reached from
    them): `print`, `logging`/logger calls, `warnings.warn`, `time.*` and `datetime.now()`, Python `random`,
    `numpy.random` (and draws from a generator made outside the function,
    `rng = np.random.default_rng()`), `uuid`, `os.urandom` and `secrets`, and file I/O
    (`open`, `json.dump`, `np.save`, ...). Names are resolved through imports, so `from time import time` is
    found and `jax.random` is not confused with `random`.

    ## Why is this bad?
    The Python body runs once, while JAX traces it; later calls replay the compiled
    computation. A `print` or log line appears once (showing a tracer, not the value), a
    timestamp or a NumPy random number is computed once and frozen into the compiled
    function as a constant, and a file is written once per compilation.

    ## Known problems
    File I/O in construction code, a Flax linen module's `setup` and the functions only it
    calls (in the same module or another), is not reported: `setup` builds the module
    while `init`/`apply` is traced, and reading pretrained weights, a configuration or a
    table of constants there (or downloading and caching them) is meant once per trace; the
    values become constants of the trace. A function that any other traced code calls
    as well is still checked. A print or log whose literal text is about tracing (`print("compiling step")`,
    `log.info("retracing %s", name)`) is the retrace-logging idiom and is not reported,
    nor is one whose values are all static (`print("shape", x.shape)`, a static
    argument): those are complete at trace time, which is what JAX's debugging guide
    recommends Python `print` for; static values include text built from them
    (`name.replace("_", " ")` on a static `name`, `type(x).__name__`) and a
    `functools.partial` binding static values to a class or function. Neither is a
    deprecation with a static message (`DeprecationWarning`, `PendingDeprecationWarning`,
    `FutureWarning`): it is about the code and meant once. Nor is a log call (`logging`,
    `absl.logging`, a logger) of constant text showing no value: such a line records how
    the program is built (`logging.info("Finished setting up the encoder.")` in a flax
    `setup()`), and is meant once, unless a `lax.cond`/`lax.switch` branch or a lax loop
    body runs it (`logger.warning("non-finite gradients, skipping update")` in the branch
    that skips an update marks a traced event, and is reported); the price is that a
    constant `log.info("step done")` expected on every call of a jitted step is missed.
    Warnings and prints of constant text alone are reported (a `print` in a jitted step
    that its author expects on every call is the pitfall itself; eagerly they run on every
    call, and a warning filter of "always" shows each), except under a static test
    (`if x.ndim > 1:`, a static
    argument, a module-level setting such as `if config.verbose:`, a test that calls nothing
    and reads only what the function closes over from a function not traced, as the run's
    config dict in a jitted closure, `if config["ratio"] == 0.0:`): a message about the
    trace's configuration, meant once; the message may be a warning built in place from
    static values, or a warning show values no tracer is known to reach (the entries of a
    dict of layer settings), or a warning-level log or warning showing only values whose
    labels that test reads (`if dim not in da.coords: log.warning("no coordinates for %s
    of %s", dim, da)`): the message is about them. A print under a debug flag
    (`if verbose: print(f"{x=}")`) and a message that shows a traced value are still
    reported. A warning built from tracers by a class whose constructor keeps only
    static facts of them (`type(x).__name__`, `x.shape`) has static text too.
    Seeded generators made in the function (`np.random.default_rng(0)`, or a static
    `seed` argument) are deterministic and not reported, nor are draws from NumPy's (or
    Python's) global generator after `np.random.seed(s)` as a statement of the traced
    function's own body, with a seed other than None, or in a function that only such
    callers of this module call, nor that seed when later statements draw: each trace and
    each eager call draws the same numbers (BigBird's fixed block pattern). An entropy
    seed (None, or a parameter defaulting to None) is still reported. Under a bare `jax.vmap` or `jax.grad`, which re-run the Python body on every
    call, the effect happens per call and is not reported. `jax.debug.print`,
    `jax.debug.callback`, `jax.experimental.io_callback` and `jax.pure_callback` run on
    every call and are the fix. A logger is recognised by its binding
    (`logging.getLogger(...)`) or its conventional name (`logger`, `log`, `self.logger`).

    ## Example
    ```python
    @jax.jit
    def step(x):
        print("x", x)
        return x * 2
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(x):
        jax.debug.print("x {}", x)
        return x * 2
    ```

    ## Fix safety
    `print(...)` is rewritten to `jax.debug.print(...)` with an equivalent format string
    when the module imports `jax` as `jax` and the call has no `file=` or non-literal
    `sep=`/`end=`. The fix is unsafe: the output then appears on every call rather than
    once, asynchronously and possibly out of order, and values print as arrays.
    """

    code = "JXP104"
    name = "trace-time-side-effect"
    summary = "A side effect in a jitted function runs only once, at trace time"
    level = "warning"
    fix = "unsafe"
    VALID = (
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    rng = np.random.default_rng(0)\n    return x + rng.normal(size=x.shape)\n",
        "import jax\n@jax.jit\ndef f(x):\n    jax.debug.print('x={}', x)\n    return x\n",
        "import jax\n@jax.jit\ndef f(x):\n    print('compiling f for', x.shape)\n    return x\n",
        "import jax\nimport jax.numpy as jnp\nimport warnings\n@jax.jit\ndef f(x):\n    if jnp.iscomplexobj(x):\n        warnings.warn('complex support is experimental', stacklevel=2)\n    return x\n",
        "import jax\n@jax.jit\ndef f(x):\n    print(f'x has shape {x.shape} and dtype {x.dtype}')\n    return x\n",
        # a deprecation: about the code, meant to be shown once
        "import warnings\nimport jax\n@jax.jit\ndef f(x):\n    warnings.warn('f is deprecated', DeprecationWarning, stacklevel=2)\n    return x\n",
        # text built from static values, or constant text under a static test
        "import functools\nimport jax\n@functools.partial(jax.jit, static_argnames='name')\ndef f(x, name):\n    print(name.replace('_', ' '))\n    if x.ndim > 1:\n        print('flattening')\n    return x.ravel()\n",
        "import jax\nimport logging\nlog = logging.getLogger(__name__)\n@jax.jit\ndef f(x):\n    log.info('Tracing f with shape %s', x.shape)\n    return x\n",
        # a log line of constant text: how the program is built
        "import jax\nfrom absl import logging\n@jax.jit\ndef f(x):\n    logging.info('Applying the correction mask')\n    return x * 0.5\n",
        # vmap and grad re-run the Python body on every call
        "import jax\n@jax.vmap\ndef f(x):\n    print(x)\n    return x\n",
        "import jax\n@jax.grad\ndef f(x):\n    print(x)\n    return x * x\n",
        "import jax\nfrom jax.experimental import io_callback\ndef save(v):\n    print(v)\n@jax.jit\ndef f(x):\n    io_callback(save, None, x)\n    jax.debug.callback(print, x)\n    return x\n",
        "import jax\nimport jax.numpy as jnp\nfrom jax import random\n@jax.jit\ndef f(key, x):\n    return x + random.normal(key, x.shape)\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    rng = np.random.default_rng(0)\n    return x + rng.normal(size=x.shape)\n",
        "import jax\nimport time\ndef run(f, x):\n    t = time.time()\n    return f(x), time.time() - t\n",
    )
    INVALID = (
        "import warnings\nimport jax\n@jax.jit\ndef f(x):\n    warnings.warn('clamping')\n    return x\n",
        "import jax\nimport numpy as np\nrng = np.random.default_rng()\n@jax.jit\ndef f(x):\n    return x + rng.uniform()\n",
        Invalid(
            "import jax\n@jax.jit\ndef f(x):\n    print('x', x)\n    return x\n",
            expected_fix="import jax\n@jax.jit\ndef f(x):\n    jax.debug.print(\"x {}\", x)\n    return x\n",
        ),
        Invalid(
            "import jax\n@jax.jit\ndef f(x, y):\n    print(f'x={x:.3f} y={y!r} {{}}')\n    return x\n",
            expected_fix="import jax\n@jax.jit\ndef f(x, y):\n    jax.debug.print(\"x={:.3f} y={!r} {{}}\", x, y)\n    return x\n",
        ),
        "import jax\nimport logging\n@jax.jit\ndef f(x):\n    logging.info('loss %s', x)\n    return x\n",
        "import jax\nimport logging\nlogger = logging.getLogger(__name__)\n@jax.jit\ndef f(x):\n    logger.warning('x=%s', x)\n    return x\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    return x + np.random.rand()\n",
        "import jax\nfrom time import time\n@jax.jit\ndef f(x):\n    return x + time()\n",
        "import jax\nimport random\n@jax.jit\ndef f(x):\n    return x * random.random()\n",
        "import jax\nimport datetime\n@jax.jit\ndef f(x):\n    stamp = datetime.datetime.now()\n    return x\n",
        "import jax\n@jax.jit\ndef f(x):\n    with open('log.txt', 'a') as fh:\n        fh.write('step')\n    return x\n",
        "import jax\n@jax.jit\ndef f(x):\n    print('step done')\n    return x\n",
        # no `import jax` spelling to build the fix from: reported without a fix
        "from jax import jit\n@jit\ndef f(x):\n    print(x)\n    return x\n",
        "import warnings\nimport jax\n@jax.jit\ndef f(x):\n    warnings.warn(f'clamping {x}')\n    return x\n",
    )

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        via = ctx.caching_via
        if via is None:
            return
        effect = side_effect_of(ctx, node)
        if effect is None:
            return
        if effect.category == "io" and ctx.in_construction:
            return  # a linen setup reading its weights or tables: a load meant once per trace
        if effect.category in ("print", "log", "warn"):
            if is_trace_message(node):
                return  # the retrace-logging idiom
            # of a warning, only the message: a category (`DeprecationWarning`) is a class
            shown = _warning_values(ctx, node) if effect.category == "warn" \
                else printed_values(node)
            if all(static_text(ctx, v) for v in shown) and (
                    shown or effect.category == "warn" and is_deprecation_warning(node)
                    or effect.category == "log" and via not in CONTROL_FLOW
                    or self._under_static_test(ctx, node)):
                # shapes, dtypes, static arguments: complete at trace time; a deprecation
                # is about the code, meant once; a log line of constant text records how
                # the program is built, unless a lax branch or loop body runs it (there it
                # marks an event of the traced computation: a branch taken, an iteration);
                # a print or warning of it, only under a static test, which says it is
                # about the trace's configuration
                return
            if effect.category == "warn" and self._under_static_test(ctx, node) and \
                    not any(shows_traced(ctx, v) for v in shown):
                # so is a warning there showing values no tracer is known to reach (a config
                # dict's entries); a print under a debug flag (`if verbose: print(f"{x=}")`)
                # shows its values and is told
                return
            if ctx.unit is not None and names_tested_value(
                    ctx, node, enclosing_if_tests(ctx.unit.node, node), shown):
                return  # a warning about the labels a static test read of the value it shows
        what, fix, detail = _CONSEQUENCE[effect.category]
        replacement = None
        if effect.category == "print" and effect.text == "print()" and self._can_fix(ctx):
            new = debug_print_call(ctx, node)
            if new is not None:
                code = ctx.module.code_for_node(new)
                if len(code) <= 80:
                    detail = f"{_NOT_EVERY_CALL}, and prints tracers, not values. Use `{code}`."
                replacement = Replacement(node, new, "Use `jax.debug.print`", "unsafe")
        self.report(
            ctx,
            node,
            f"`{effect.text}` under {ctx.via_description(via)} {what}; {fix}",
            replacement,
            detail=detail,
        )

    @staticmethod
    def _under_static_test(ctx: Context, node: cst.Call) -> bool:
        unit = ctx.unit
        return unit is not None and any(
            static_test(ctx, test) or _module_setting(ctx, test)
            for test in enclosing_if_tests(unit.node, node))

    @staticmethod
    def _can_fix(ctx: Context) -> bool:
        return ctx.resolver.qualname_text("jax.debug.print", ctx.unit) == "jax.debug.print" \
            and ctx.index.imports.lookup("jax") == "jax"


def _warning_values(ctx: Context, call: cst.Call) -> list[cst.BaseExpression]:
    """What a warning shows: the values its message formats, not its category; of a
    warning built in place (`warn(HolomorphicWarning())`), the arguments it is built from,
    or the warning itself when it is a Python value whatever they are (a class whose
    constructor keeps only `type(x).__name__` of a tracer: netket's warnings)."""
    if not call.args:
        return printed_values(call)
    message = call.args[0].value
    if type(message) is cst.Call and (dotted_name(message.func) or "").endswith("Warning"):
        return [message] if static_text(ctx, message) else printed_values(message)
    return printed_values(call.with_changes(args=call.args[:1]))


def _module_setting(ctx: Context, test: cst.BaseExpression) -> bool:
    """A test that reads only module-level names (`if config.fallback_warning:`): a Python
    value when the function is traced, never a tracer."""
    while type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        test = test.expression
    if type(test) is cst.BooleanOperation:
        return _module_setting(ctx, test.left) and _module_setting(ctx, test.right)
    text = dotted_name(test)
    return text is not None and ctx.scope_of(text.split(".", 1)[0]) == "module"
