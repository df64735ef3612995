from __future__ import annotations

from jaxpure.analysis import Context, KeyReuseInLoop
from jaxpure.rules._shared import split_hint
from jaxpure.rules.base import Rule


class PrngKeyReuseInLoop(Rule):
    """
    ## What it does
    Checks for a PRNG key consumed inside a loop body without being split, rebound or
    folded with the loop variable on each iteration: a Python `for`/`while` loop or a
    comprehension, or a `lax.scan`/`fori_loop`/`while_loop` body that consumes a
    closed-over key or returns a consumed key in its carry: as given, or in a field of a
    record the module defines (a namedtuple, `NamedTuple` or dataclass, flax's and chex's
    too) that the body returns whole, copies with `_replace`/`replace`, or rebuilds with
    the same key (`State(x, state.rng)`); not in a loop that runs once
    (`fori_loop(0, 1, ...)`). Also a loop that splits a key
    and then consumes the half it keeps (`key, sub = split(key); normal(key)`), which the
    next iteration splits again. Copies count as the key they copy (`k = key`,
    `fold_in(key, 0)` with a constant). A draw in each of two exclusive branches of the
    body (`if`/`elif`) is reported each; two draws on one path are one reuse of the key
    in that loop (the second is JXP301's). A lambda handed to `lax.cond` in the loop draws
    there, on every iteration.

    Two implicit loops are checked too: the function `jax.tree.map` (or
    `map_with_path`) applies to every leaf consuming a key it closes over, whether or not
    the code is traced; and a function vmapped or pmapped with `in_axes=None` for a key
    parameter that it hands to a `jax.random` sampler or to a function of the module that
    draws from it (reported at the `jax.vmap`/`jax.pmap`), unless the vmapped
    function is called right there with the literal `None` for that parameter; so is a key
    bound by `functools.partial` into the function `jax.vmap` maps
    (`jax.vmap(partial(perturb, key=key))(population)`); so is a key a factory makes and
    the function it returns draws from (`key = PRNGKey(seed)`, `def noise(x): ...`,
    `return noise`: every call draws the same numbers), and `fold_in(key, epoch)` in a loop
    that does not change `epoch` is the same key on every iteration. A key kept
    in an attribute or a dict entry is fresh when the loop rebinds it
    (`self.key, sub = jax.random.split(self.key)`).

    ## Why is this bad?
    Every iteration draws from the same key, so every step gets the same dropout mask, the
    same noise, the same sample. Nothing fails.

    ## Known problems
    `permutation`/`shuffle` of the loop's element (or of each leaf under `jax.tree.map`,
    where `choice` too picks the same rows of every leaf of one population) with one key is
    an aligned shuffle and is not reported, also when the mapped function hands the leaf
    and the key to a function of the module that only permutes that leaf with it
    (`lambda x: preprocess(x, key)`); the same draw on the same operand each
    iteration, or `choice` over separate sequences in a loop, is.
    A key split earlier in the same loop body, `fold_in(key, i)` with the loop variable,
    indexing a pre-split array of keys (`keys[i]`), and a use followed by `break`/`return`
    (the loop ends there) are fine and not reported. A tree with a single leaf cannot be
    told apart from a larger one: the tree map is still reported. Under `jax.vmap`, a
    broadcast key that is folded with a batched value (`fold_in(key, idx)`) or split and
    indexed (`split(key, n)[idx]`) gives each element its own key and is not reported; a
    draw shared by the whole batch on purpose is better made once, outside the vmap.
    A key handed each iteration to a function of the module that never reads it is not
    used, so not reused; so is one handed to a function an attribute holds
    (`self._step = self._make_step()`, a factory method returning a jitted closure, or
    `jax.jit(self._update)`), which is looked at like a function of the module. A method
    that does not read its key may be a stub that subclasses override, and is taken to
    draw from it. A call whose result is read only for its structure (`out.shape`, JXP301's
    known problems) draws no numbers anyone sees, in a loop as anywhere.
    A value drawn from through a method of a project class that replaces its stored key and
    returns a subkey (`self.key, sub = jax.random.split(self.key); return sub`, in this
    module or another) holds keys, as `nnx.Rngs` does: handing it on in a loop (also to a
    function that draws through `rng.split()`) reuses no key, for JXP301 too. A method
    returning its stored key unchanged hands out one key, and drawing through it is a use.

    ## Example
    ```python
    for step in range(num_steps):
        noise = jax.random.normal(key, shape)
    ```

    ## Use instead
    ```python
    for step in range(num_steps):
        key, subkey = jax.random.split(key)
        noise = jax.random.normal(subkey, shape)
    ```

    ## Fix safety
    No fix is offered: splitting changes the numbers drawn.
    """

    code = "JXP302"
    name = "prng-key-reuse-in-loop"
    summary = "A PRNG key is consumed on every loop iteration without being split"
    VALID = (
        "import jax\nclass Agent:\n    def act(self, xs):\n        out = []\n        for x in xs:\n            self.key, sub = jax.random.split(self.key)\n            out.append(x + jax.random.normal(sub))\n        return out\n",
        "import jax\ndef f(key, n):\n    out = []\n    for i in range(n):\n        key, sub = jax.random.split(key)\n        out.append(jax.random.normal(sub))\n    return out\n",
        "import jax\ndef f(key, n):\n    return [jax.random.normal(jax.random.fold_in(key, i)) for i in range(n)]\n",
        "import jax\ndef f(key, n):\n    total = 0.0\n    for i in range(n):\n        total += jax.random.normal(jax.random.fold_in(key, i))\n    return total\n",
        "import jax\nfrom jax import lax\ndef f(key, xs):\n    def body(carry, x):\n        k, h = carry\n        k, sub = jax.random.split(k)\n        return (k, h + jax.random.normal(sub)), x\n    return lax.scan(body, (key, 0.0), xs)\n",
        "import jax\ndef f(key, n):\n    keys = jax.random.split(key, n)\n    for i in range(n):\n        jax.random.normal(keys[i])\n",
        "import jax\ndef perturb(params, key):\n    leaves, treedef = jax.tree.flatten(params)\n    keys = jax.tree.unflatten(treedef, list(jax.random.split(key, len(leaves))))\n    return jax.tree.map(lambda p, k: p + jax.random.normal(k, p.shape), params, keys)\n",
        "import jax\ndef augment(key, x):\n    return x + jax.random.normal(key, x.shape)\ndef batch(key, xs):\n    keys = jax.random.split(key, xs.shape[0])\n    return jax.vmap(augment, in_axes=(0, 0))(keys, xs)\n",
        "import jax\ndef noise(key, i, x):\n    return x + jax.random.normal(jax.random.fold_in(key, i), x.shape)\ndef batch(key, idx, xs):\n    return jax.vmap(noise, in_axes=(None, 0, 0))(key, idx, xs)\n",
    )
    INVALID = (
        "import functools\nimport jax\ndef noisy(x, key):\n    return x + jax.random.normal(key, x.shape)\n@jax.jit\ndef f(xs, key):\n    return jax.vmap(functools.partial(noisy, key=key))(xs)\n",
        "import jax\ndef f(key, n):\n    total = 0.0\n    for i in range(n):\n        total += jax.random.normal(key)\n    return total\n",
        "import jax\ndef f(key, n):\n    out = []\n    for _ in range(n):\n        key, sub = jax.random.split(key)\n        out.append(jax.random.uniform(sub) * jax.random.uniform(key))\n    return out\n",
        "import jax\nfrom jax import lax\ndef f(key, xs):\n    def body(c, x):\n        return c + jax.random.normal(key), x\n    return lax.scan(body, 0.0, xs)\n",
        "import jax\nfrom jax import lax\ndef f(key, xs):\n    def body(carry, x):\n        k, h = carry\n        noise = jax.random.normal(k)\n        return (k, h + noise), x\n    return lax.scan(body, (key, 0.0), xs)\n",
        "import jax\ndef train(params, key, batches, step):\n    for batch in batches:\n        params = step(params, key, batch)\n        jax.random.normal(key)\n    return params\n",
        "import jax\ndef perturb(params, key, sigma):\n    return jax.tree.map(lambda p: p + sigma * jax.random.normal(key, p.shape), params)\n",
        "import jax\ndef augment(key, x):\n    return x + jax.random.normal(key, x.shape)\ndef batch(key, xs):\n    return jax.vmap(augment, in_axes=(None, 0))(key, xs)\n",
        "import jax\ndef make_noise(seed):\n    key = jax.random.PRNGKey(seed)\n    def noise(x):\n        return x + jax.random.normal(key, x.shape)\n    return noise\n",
    )

    def visit_KeyReuseInLoop(self, event: KeyReuseInLoop, ctx: Context) -> None:
        message, detail = _texts(event)
        related = (event.consumed_by,) if event.per == "batch" and event.consumed_by else ()
        self.report(ctx, event.node, message, related=related, detail=detail)


def _texts(event: KeyReuseInLoop) -> tuple[str, str]:
    """The message (what repeats, and the fix in a few words) and the detail (the fix)."""
    name, loop = event.name, event.loop
    if event.per == "leaf":
        return (f"Closed-over PRNG key `{name}` is drawn from for every leaf `{loop}` maps, so "
                "same-shape leaves get identical numbers; map over split keys",
                "Split one key per leaf and map over the keys too: `keys = jax.tree.unflatten("
                f"treedef, jax.random.split({name}, n_leaves))`, `{loop}(f, tree, keys)`.")
    if event.per == "batch":
        return (f"PRNG key `{name}` is broadcast to every element of this `{loop}` by "
                "`in_axes=None` and drawn from on line {line0}; map over split keys",
                "Every element draws the same numbers. Map over one key per element instead: "
                f"`in_axes=0` with `jax.random.split({name}, batch_size)`.")
    if event.per == "bound":
        return (f"PRNG key `{name}` is bound by `functools.partial` into the function `{loop}` "
                "maps, so every element draws the same numbers; map over split keys",
                "Map over one key per element instead: "
                f"`jax.random.split({name}, batch_size)` as a mapped argument.")
    if event.per == "call":
        return (f"Closed-over PRNG key `{name}` is made once for `{loop}`, so every call draws "
                "the same numbers; pass a key in",
                f"The function that returns `{loop}` makes the key once. Give `{loop}` a key "
                "argument, or split a new key for each call.")
    if event.carried:
        return (f"PRNG key `{name}` is returned in the {loop} carry after being consumed, so "
                "every step draws the same numbers; carry a new key",
                f"Split it in the body and carry the new key: `{split_hint(name)}`.")
    if event.closed_over:
        return (f"Closed-over PRNG key `{name}` is consumed in a {loop} body, so every "
                "iteration draws the same numbers; carry the key and split it",
                "Carry the key and split it each step, or pre-split with "
                f"`jax.random.split({name}, n)` and scan over the keys.")
    if event.drawn_after_split:
        return (f"PRNG key `{name}` gets a new value in this `{loop}` loop but is then drawn "
                "from itself, and the next iteration derives keys from it again: they share "
                "numbers with this draw; draw from a new subkey",
                f"Draw from the key the split gives for this iteration (`{split_hint(name)}`, "
                f"then use `sub`), and leave `{name}` for the next split.")
    return (f"PRNG key `{name}` is consumed in every iteration of this `{loop}` loop without "
            "being split; split it in the loop",
            "Each iteration draws the same numbers. Split it in the loop "
            f"(`{split_hint(name)}`) or use `jax.random.fold_in({name}, i)`.")
