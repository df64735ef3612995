from __future__ import annotations

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
    does not. Of calls whose body is not visible, a predicate or check (`is_prng_key(key)`,
    `has_*`, `check_*`, `validate_*`) and any call whose result is only tested for truth
    (`assert f(key)`, `if not f(key) and x:`, `a if f(key) else b`) are taken to inspect
    the key, while a `jax.random` call always draws. A first draw whose results are all
    overwritten before being read (a duplicated `a, b = split(key)` line) shares nothing.

    Returning a key after splitting or drawing from it (or after a `lax` loop took it in
    its carry: `return state, key` instead of the carry's key) hands the caller a spent key,
    and its next split repeats the draws; a dict passed whole (`fori_loop(..., carry)` with
    `carry = {"key": key}`) hands over the keys it was built from. One key given twice to
    one call, as two arguments (`actor.init(key, obs, key)`) or two rng streams
    (`{"params": rng, "dropout": rng}`), is drawn from twice.

    ## Known problems
    The branches of `a if c else b` are alternatives: one draw in each is one draw.
    Uses in mutually exclusive branches are not reuse; passing a key once to a helper is
    one use. An imported helper used as a truth test that does draw (`if explore(key):` in
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
    and guide seeded alike, or two draws of which `jnp.where` keeps one per element. The
    identical call repeated on one key (`init(key)` once to check the structure, once for
    the value) gives the same value twice and is reported like any reuse.

    ## Example
    ```python
    key = jax.random.key(0)
    a = jax.random.normal(key, (3,))
    b = jax.random.uniform(key, (3,))
    ```

    ## Use instead
    ```python
    key = jax.random.key(0)
    key_a, key_b = jax.random.split(key)
    a = jax.random.normal(key_a, (3,))
    b = jax.random.uniform(key_b, (3,))
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
    )
    INVALID = (
        'import jax\ndef perturb(key, x):\n    return key, x + jax.random.normal(key, x.shape)\ndef run(key, x):\n    key, x = perturb(key, x)\n    key, y = perturb(key, x)\n    return y\n',
        "import jax\nkey = jax.random.key(0)\na = jax.random.normal(key, (3,))\nb = jax.random.uniform(key, (3,))\n",
        "import jax\ndef f(key):\n    k1, k2 = jax.random.split(key)\n    return jax.random.normal(key)\n",
        "from jax import random\ndef init(rng, model, x):\n    params = model.init(rng, x)\n    noise = random.normal(rng, x.shape)\n    return params, noise\n",
        "import jax\nrng = jax.random.PRNGKey(42)\nx = jax.random.bernoulli(rng, 0.5)\ny = jax.random.bernoulli(rng, 0.5)\n",
        "import jax\ndef f(seed, init, forward, x):\n    key = jax.random.PRNGKey(seed)\n    rngs = {'params': key, 'dropout': key}\n    params = init(rngs['params'], x)\n    return forward(params, x, rngs['dropout'])\n",
        "import jax\ndef make(actor, rng, x):\n    rng, key = jax.random.split(rng)\n    return rng, actor.init(key, x, key)\n",
        "import jax\ndef train(n, x, key):\n    def body(i, carry):\n        key, sub = jax.random.split(carry['key'])\n        return {'x': carry['x'] + jax.random.normal(sub), 'key': key}\n    carry = {'x': x, 'key': key}\n    out = jax.lax.fori_loop(0, n, body, carry)\n    return out['x'], key\n",
    )

    def visit_KeyReuse(self, event: KeyReuse, ctx: Context) -> None:
        if event.returned:
            message = (
                f"PRNG key `{event.name}` is returned after being consumed on line {{line0}}, "
                f"so the caller's next split or draw repeats the random numbers drawn here; "
                f"return a key not used yet instead (the loop carry's key, or `{event.name}` "
                f"after `{split_hint(event.name)}`)"
            )
        elif event.given_twice:
            message = (
                f"PRNG key `{event.name}` is given twice to one call, as two arguments or rng "
                f"streams (the other on line {{line0}}), so both draw the same or correlated "
                f"random numbers; split the key "
                f"so each gets its own: `k1, k2 = jax.random.split({event.name})`"
            )
        elif event.first_as is not None:
            message = (
                f"PRNG key `{event.name}` holds the same key as `{event.first_as}`, which was "
                f"consumed on line {{line0}}; `{snippet(ctx, event.node)}` reuses it and draws "
                f"the same or correlated random numbers; split the key so each holds its own: "
                f"`k1, k2 = jax.random.split(key)`"
            )
        else:
            message = (
                f"PRNG key `{event.name}` was already consumed on line {{line0}}; "
                f"`{snippet(ctx, event.node)}` reuses it and draws the same or correlated "
                f"random numbers; split it first: `{split_hint(event.name)}`"
            )
        self.report(ctx, event.node, message, related=(event.first,))
