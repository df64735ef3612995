from __future__ import annotations

import libcst as cst

from jaxpure.analysis import Context, KeyReuse
from jaxpure.rules._shared import snippet, split_hint
from jaxpure.rules.base import Rule


class PrngKeyReuse(Rule):
    """
    ## What it does
    Checks for a PRNG key consumed twice without being rebound in between: passed to two
    `jax.random` samplers, used again after `jax.random.split(key)`, or passed to two
    helpers. Keys are the results of `jax.random.key`/`PRNGKey`/`split`/`fold_in`,
    parameters named `rng`/`prng_key`/`*_rng`, key-named parameters (`key`, `k`, ...) that
    the function (or a helper it passes them to) hands to `jax.random` or puts in the carry
    of a `lax` loop whose body draws, any parameter it hands to `jax.random` as the key
    (`uniform(random_seed, shape)`; not the seed of `PRNGKey(seed)`), and attributes or
    dict entries (`self.key`, `rngs["dropout"]`) handed to `jax.random`. Entries of a dict
    built from one key (`rngs = {"params": key, "dropout": key}`) hold that same key:
    consuming one of them (or the key) consumes them all. Applies anywhere, not only in
    traced code.

    ## Why is this bad?
    JAX random functions are deterministic in the key: the same key gives the same (or,
    across different samplers, correlated) numbers. Nothing fails; the randomness is
    silently wrong. `jax_debug_key_reuse` catches this at runtime only for typed keys.

    Only a draw consumes a key. `fold_in`, `key_data`, `wrap_key_data` and `clone` do not;
    nor does reading `key.shape`/`key.dtype` or passing the key to `isinstance`, `print`,
    `id` or `hash`. A function of the same module consumes a key argument only if its body
    may draw from it: one that only inspects, deletes (`del key`), hashes or returns the key
    does not, nor does one that only folds data into it or traces with it for shapes
    (`jax.random.fold_in`, `jax.eval_shape`), also when it is another module's (kauldron's
    `random.fold_in_str(rng, "shuffle")`, re-exported by its package). Of calls whose body
    is not visible, a predicate or check (`is_prng_key(key)`,
    `has_*`, `check_*`, `validate_*`) and any call whose result is only tested for truth
    (`assert f(key)`, `if not f(key) and x:`, `a if f(key) else b`) are taken to inspect
    the key, while a `jax.random` call always draws; a key given to one as `rng=`, or in
    `rngs=` as dropout streams only, beside a constant that switches randomness off
    (`forward(x, rngs={"dropout": key}, is_training=False)`; `train=False`,
    `training=False`, `deterministic=True`) is not drawn from. Nor is a key given to a
    function that draws from it only under a flag the call passes `False` (`True` for `if
    not deterministic:`) or leaves to such a default, also when the function hands the key
    and the flag on through its own calls or a lambda, and when it is a method of an
    instance (fortuna's `dataset.get_data_loader(ds, rng=rng, shuffle=False)`), or only when a
    parameter the call leaves out is not at its default (`if batch_size != -1:`), also
    when the function splits the key per iteration of a scan whose body draws only then
    (GPJax's `fit(..., key=key)` on the full batch). The flag is read from an `if` around
    the draw or from an earlier `if flag: return ...` (maxdiffusion's `init_weights(rngs,
    eval_only=True)` returns `jax.eval_shape(self.init, rngs, ...)` when `eval_only`), and
    the instance may come from a classmethod of its class returning `cls(...)`
    (`Model.from_config(...)`). A first draw whose results are all
    overwritten before being read (a duplicated `a, b = split(key)` line) shares nothing,
    and so does a `jax.random` draw whose result is thrown away, or never read (or read only
    for its `.shape`/`.dtype`) on the path of the second use, such as a draw before an early
    `return` that does not read it. At module level that holds only where no importer
    sees the names (a notebook's cells, a script's `if __name__ == "__main__":` block) and
    no function of the module mentions them; a module's top-level globals may be read by
    its importers, and a draw left as a statement may be what a cell shows. A function
    called through a transform or an alias of one (`jit_step = jax.jit(step)`) uses its key as the function does. A lambda or local
    function handed to a `lax` primitive (`lax.cond`, `lax.switch`, a loop) draws from the
    keys it closes over where the primitive is called: two `lax.cond(done, lambda:
    init(key), ...)` draw from `key` twice.

    The message names both uses, and says when the second gives the first's numbers again:
    two splits of one key give the same keys (`split(key, 2)` returns the first two keys of
    `split(key, 5)`), and one sampler with the same parameters draws the same numbers, in a
    larger shape the smaller draw's numbers first.

    Returning a key after splitting or drawing from it (or after a `lax` loop took it in
    its carry: `return state, key` instead of the carry's key) hands the caller a spent key,
    and its next split repeats the draws; a dict passed whole (`fori_loop(..., carry)` with
    `carry = {"key": key}`) hands over the keys it was built from. One key given twice to
    one call, as two arguments (`actor.init(key, obs, key)`) or two rng streams
    (`{"params": rng, "dropout": rng}`), is drawn from twice.

    ## Known problems
    The branches of `a if c else b` are alternatives: one draw in each is one draw; so are
    the two operands of `jnp.where(c, x, y)` and `lax.select(c, x, y)`, which keep one
    number per element (a draw in the condition still meets them); and so are the
    branches of one `lax.cond`/`lax.switch`.
    Uses in mutually exclusive branches are not reuse; passing a key once to a helper is
    one use, unless the helper (or the function `self._step` holds, stored from a factory
    method or `jax.jit(self._update)`) never reads it. An imported helper used as a truth test that does draw (`if explore(key):` in
    eager code) is missed, and so is a draw in a subclass in another module that overrides
    a method which, in this module, leaves its key alone.
    Two calls of one function, transformed (`jax.jit(f)(key)`, `jax.grad(f)(key)`), and the
    same method of two objects or two transformed functions whose second result is then
    checked (`a = x.init(key)`, `b = y.init(key)`, `assert_allclose(a, b)`, or `b` against a
    reference) are taken as deliberate
    comparisons unless a `jax.random` draw is involved, and so are two uses of a key in one
    statement that asserts (`assert_allclose(jax.jit(f)(key), f(key))`,
    `jax.tree.map(assert_close, a(key), b(key))`); passing a key to an assertion
    (`self.assert_keys_equal(k1, k2)`) does not use it. Deliberate reuse elsewhere (a test
    that checks determinism over several statements) needs a `# noqa: JXP301`. So does a key
    shared on purpose so that draws match: random features that must project `x` and `y`
    alike, `permutation(key, x)` beside `permutation(key, y)` to keep pairs aligned, model
    and guide seeded alike, or two draws in separate statements of which a later
    `jnp.where` keeps one per element. The
    identical call repeated on one key (`init(key)` once to check the structure, once for
    the value) gives the same value twice and is reported like any reuse, unless one of
    the two results is bound to a target network (`params = net.init(key, x)`,
    `target_params = net.init(key, x)`, or through a model class's factory that leaves
    out only keywords such as the optimiser: `critic = Model.create(critic_def,
    inputs=[key, x], tx=tx)`, `target_critic = Model.create(critic_def, inputs=[key, x])`):
    a target network starts as a copy of the online one, on purpose.
    Three kinds of use draw no numbers anyone sees, and are not reported. A call whose
    result is read only for its structure: bound to names (or read where it is made) whose
    every read in the function takes a shape, a dtype or a tree layout (`out.shape`,
    `out.logits.shape[-1]`, `jnp.zeros_like(out)`, `jax.tree.map(lambda a: a.shape, out)`,
    `jax.ShapeDtypeStruct(out.shape, out.dtype)`, `len(out)`), or named as a shape (stax's
    `out_shape, _ = init_fn(key, input_shape)`): a dummy run for shapes is no use of the
    key, before or after the real one. So is a result handed on, or held in a display or
    a comprehension, only to calls whose own results serve their structure alone (a record
    built from it, `jax.tree.map(lambda x: x[0], t)`, another step of a dummy environment),
    or as the example of a replay buffer's `init` (flashbax's `make_*_buffer`, which makes
    empty arrays of the example's shapes): one dummy transition to size a buffer. A result
    also read for its values, returned, stored, passed to another call (even a model's
    `init` as its example input), thrown away or bound and never read stays a use, and so
    do keys split off and left unread. Storing a key in a list (`seq.append((key, state))`
    on a name bound to `[]`) draws nothing from it, and neither does a `lax` loop whose
    functions only split the key in their carry and carry a child on. Then a
    function run only
    under `jax.eval_shape`/`jax.make_jaxpr` (its draws are abstract), and a smoke run, a
    key made from a literal seed and given straight to calls whose results feed only each
    other and calls on the same objects whose results are thrown away (`key = key(0)`,
    `obs = env.reset(key)`, `params = policy.init(key, obs)`, `env.step(state,
    policy.apply(params, obs, key))`). A result that is returned, stored, printed or
    asserted is seen, and the reuse is told. A Flax cell's `initialize_carry(key, shape)`
    does not use its key (the carry is zeros unless a random `carry_init` is set).

    ## Example
    ```python
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = jax.random.uniform(key, (3,))
    x = a * b
    ```

    ## Use instead
    ```python
    key = jax.random.key(0)
    key_a, key_b = jax.random.split(key)
    a = jax.random.normal(key_a, (3,))
    b = jax.random.uniform(key_b, (3,))
    x = a * b
    ```

    ## Fix safety
    No fix is offered: splitting changes the numbers drawn.
    """

    code = "JXP301"
    name = "prng-key-reuse"
    summary = "A PRNG key is consumed twice"
    VALID = (
        "import jax\nkey = jax.random.key(0)\nkey, sub = jax.random.split(key)\na = jax.random.normal(sub, (3,))\nkey, sub = jax.random.split(key)\nb = jax.random.normal(sub, (3,))\n",
        "import jax\ndef f(key, flag):\n    if flag:\n        return jax.random.normal(key)\n    else:\n        return jax.random.uniform(key)\n",
        # `c and a or b` is `a if c else b`: one of the two calls runs
        "import jax\ndef act(key, greedy):\n    return greedy and exploit(key) or explore(key)\ndef exploit(key):\n    return jax.random.normal(key)\ndef explore(key):\n    return jax.random.uniform(key)\n",
        "import jax\ndef f(key):\n    a = jax.random.normal(jax.random.fold_in(key, 0))\n    b = jax.random.normal(jax.random.fold_in(key, 1))\n    return a + b\n",
        "import jax\ndef f(key, x):\n    if x is None:\n        return jax.random.normal(key)\n    return x + jax.random.normal(key)\n",
        "import jax\ndef f(cache, key):\n    a = cache.get(key)\n    b = cache.get(key)\n    return a, b\n",
        "import jax\ndef f(key):\n    keys = jax.random.split(key, 3)\n    return [jax.random.normal(keys[i]) for i in range(3)]\n",
        "import jax\ndef f(key):\n    data = jax.random.key_data(key)\n    return jax.random.normal(key), data\n",
        "import jax\nfrom mylib import is_prng_key\ndef sample(key, shape):\n    assert is_prng_key(key)\n    return jax.random.normal(key, shape)\n",
        "import jax\ndef observe(key, x):\n    del key\n    return x\ndef step(key, x):\n    x = x + jax.random.normal(key)\n    return observe(key, x)\n",
        "import jax\ndef f(key, init, forward, x):\n    k1, k2 = jax.random.split(key)\n    rngs = {'params': k1, 'dropout': k2}\n    params = init(rngs['params'], x)\n    return forward(params, x, rngs['dropout'])\n",
        # a dummy run read only for the shape of its output, then the real init
        "import jax\nimport jax.numpy as jnp\ndef net(key, x):\n    return x + jax.random.normal(key, x.shape)\ndef init(key, x):\n    out = net(key, x)\n    return net(key, jnp.zeros(out.shape[-1]))\n",
    )
    INVALID = (
        'import jax\ndef perturb(key, x):\n    return key, x + jax.random.normal(key, x.shape)\ndef run(key, x):\n    key, x = perturb(key, x)\n    key, y = perturb(key, x)\n    return y\n',
        "import jax\nkey = jax.random.key(0)\na = jax.random.normal(key, (3,))\nb = jax.random.uniform(key, (3,))\nx = a * b\n",
        "import jax\ndef f(key):\n    k1, k2 = jax.random.split(key)\n    return jax.random.normal(key)\n",
        "from jax import random\ndef init(rng, model, x):\n    params = model.init(rng, x)\n    noise = random.normal(rng, x.shape)\n    return params, noise\n",
        "import jax\nrng = jax.random.PRNGKey(42)\nx = jax.random.bernoulli(rng, 0.5)\ny = jax.random.bernoulli(rng, 0.5)\nprint(x, y)\n",
        # one sampler in two shapes: the three numbers are the first three of the five
        "import jax\ndef f(key):\n    a = jax.random.normal(key, (3,))\n    b = jax.random.normal(key, (5,))\n    return a, b\n",
        # two splits of one key: the two keys are the first two of the five
        "import jax\ndef f(key):\n    keys = jax.random.split(key, 5)\n    a, b = jax.random.split(key)\n    return keys, jax.random.normal(a), b\n",
        "import jax\ndef f(seed, init, forward, x):\n    key = jax.random.PRNGKey(seed)\n    rngs = {'params': key, 'dropout': key}\n    params = init(rngs['params'], x)\n    return forward(params, x, rngs['dropout'])\n",
        "import jax\ndef make(actor, rng, x):\n    rng, key = jax.random.split(rng)\n    return rng, actor.init(key, x, key)\n",
        "import jax\ndef train(n, x, key):\n    def body(i, carry):\n        key, sub = jax.random.split(carry['key'])\n        return {'x': carry['x'] + jax.random.normal(sub), 'key': key}\n    carry = {'x': x, 'key': key}\n    out = jax.lax.fori_loop(0, n, body, carry)\n    return out['x'], key\n",
    )

    def visit_KeyReuse(self, event: KeyReuse, ctx: Context) -> None:
        first = snippet(ctx, event.first)
        detail: str
        if event.returned:
            message = (f"PRNG key `{event.name}` is returned after being consumed on line "
                       "{line0}; return a key not used yet")
            detail = (f"The caller's next split or draw repeats the random numbers drawn here. "
                      f"Return the loop carry's key, or `{event.name}` after "
                      f"`{split_hint(event.name)}`.")
        elif event.given_twice:
            message = (f"PRNG key `{event.name}` is given twice to one call (also on line "
                       "{line0}); split it so each gets its own")
            detail = ("As two arguments or two rng streams, both draw the same or correlated "
                      f"random numbers: `k1, k2 = jax.random.split({event.name})`.")
        else:
            again, consequence = _what_is_repeated(ctx, event.first, event.node)
            same_as = f", the same key as `{event.first_as}`," if event.first_as else ""
            fix = "split the key" if event.first_as else "split it first"
            second = snippet(ctx, event.node)
            same = ctx.module.code_for_node(event.node) == ctx.module.code_for_node(event.first)
            by = "the same call" if same else f"`{first}`"
            message = (f"`{second}` reuses PRNG key `{event.name}`{same_as} "
                       f"consumed on line {{line0}} by {by}{again}; {fix}")
            hint = ("Split the key so each holds its own: `k1, k2 = jax.random.split(key)`"
                    if event.first_as else f"Split it first: `{split_hint(event.name)}`")
            detail = f"The second use {consequence}. {hint}."
        self.report(ctx, event.node, message, related=(event.first,), detail=detail)


# where each sampler takes its shape (after the key); with the threefry-partitionable PRNG
# (the default since JAX 0.5), one sampler with the same parameters draws, in a larger shape,
# the numbers of the smaller shape first (checked under JAX 0.10.2)
_SHAPE_AT = {"normal": 1, "uniform": 1, "bits": 1, "randint": 1, "exponential": 1,
             "gumbel": 1, "laplace": 1, "bernoulli": 2, "truncated_normal": 3,
             "categorical": 3}


def _what_is_repeated(ctx: Context, first: cst.CSTNode, second: cst.CSTNode) -> tuple[str, str]:
    """What the second use of a key gives again, in a few words for the message and at
    length: the same keys from two splits (``split(key, m)`` is the first m keys of
    ``split(key, n)``), the same numbers from one sampler with the same parameters, or
    numbers merely related."""
    long = _repeated(ctx, first, second)
    if long.startswith("gets the same keys"):
        return " (the same keys again)", long
    if long.startswith("draws exactly"):
        return " (the same numbers again)", long
    if long.startswith("draws the same numbers"):
        return " (the same numbers, in another shape)", long
    return "", long


def _repeated(ctx: Context, first: cst.CSTNode, second: cst.CSTNode) -> str:
    same = "draws the same or correlated random numbers"
    if type(first) is not cst.Call or type(second) is not cst.Call:
        return same
    sampler, other = ctx.qualname(first.func) or "", ctx.qualname(second.func) or ""
    if sampler != other or not sampler.startswith("jax.random."):
        return same
    name = sampler.rsplit(".", 1)[1]
    if name == "split":
        counts = sorted((_split_count(ctx, first), _split_count(ctx, second)),
                        key=lambda c: (c is None, c))
        if None in counts:
            return ("gets the same keys (of two splits of one key, the smaller returns the "
                    "first keys of the larger)")
        return (f"gets the same keys (`split(key, {counts[0]})` returns the first "
                f"{counts[0]} keys of `split(key, {counts[1]})`)")
    shape_at = _SHAPE_AT.get(name)
    ours, theirs = _parameters(ctx, first, shape_at), _parameters(ctx, second, shape_at)
    if ours is None or theirs is None or ours[0] != theirs[0]:
        return same
    if ours[1] == theirs[1]:
        return "draws exactly the same numbers"
    return ("draws the same numbers (in another shape, the smaller draw repeats the first "
            "elements of the larger)")


def _split_count(ctx: Context, call: cst.Call) -> int | None:
    """``split(key)`` -> 2, ``split(key, 5)``/``split(key, num=5)`` -> 5; None if unknown."""
    for position, arg in enumerate(call.args):
        if (arg.keyword is None and position == 1) or (
                arg.keyword is not None and arg.keyword.value == "num"):
            return int(arg.value.value) if type(arg.value) is cst.Integer else None
    return 2


def _parameters(ctx: Context, call: cst.Call, shape_at: int | None
                ) -> tuple[tuple[str, ...], str] | None:
    """A draw's arguments after the key, as text: (the others, the shape; a sampler whose
    shape's place is not known has all of them in the others); None when spread (``*a``)."""
    others: list[str] = []
    shape = ""
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        if position == 0 and arg.keyword is None:
            continue  # the key
        text = " ".join(ctx.module.code_for_node(arg.value).split())
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "shape" or (keyword is None and position == shape_at):
            shape = text
        else:
            others.append(f"{keyword or position}={text}")
    return tuple(others), shape
