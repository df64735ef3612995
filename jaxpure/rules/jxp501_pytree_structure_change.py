from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    BRANCH_PRIMITIVES, CARRY_LOOPS, Context, Structure, branch_mismatch, loop_carry_mismatches,
    runs_only_with_key,
)
from jaxpure.rules.base import Rule


def describe(shape: Structure, plain: bool = False) -> str:
    if shape.kind == "dict":
        return "a dict with keys {" + ", ".join(repr(k) for k in sorted(shape.keys)) + "}"
    if shape.kind == "class":
        return f"a `{shape.name}` {shape.what}"
    if shape.kind == "fields":
        fields = ", ".join(f"`{f}`" for f in sorted(shape.keys))
        return f"an object with fields {fields} (a dataclass or NamedTuple)"
    if shape.kind == "leaf":
        return f"a single {shape.what} array" if shape.what else "a single array"
    if shape.kind == "none":
        return "None"
    if shape.kind == "value":
        return "not None"
    if shape.kind == "list":
        return f"a list of {shape.length}"
    return f"a plain tuple of {shape.length}" if plain else f"a tuple of {shape.length}"


class PytreeStructureChange(Rule):
    """
    ## What it does
    Checks that a `lax.scan`/`fori_loop`/`while_loop` body returns a carry with the same
    structure it receives (the same dict keys, the same tuple length, the same container
    type), that the branches of `lax.cond`/`lax.switch` return the same structure, and that a
    jitted step function does not return a state with a key its input may lack (one it reads
    with `state.get(k, default)` or tests with `k in state`). A key written only under
    `if k in state:` (or in the `else` of `if k not in state:`) follows the input's
    structure, which is fixed for each trace: the state has it exactly when the input does.

    The container type matters: a carry that goes in as a NamedTuple (`class S(NamedTuple)`,
    `collections.namedtuple`) or a registered pytree class (`@jax.tree_util.register_dataclass`,
    `@flax.struct.dataclass`, `@chex.dataclass`, `flax.struct.PyTreeNode`, `equinox.Module`)
    and comes out as a plain tuple, list or dict (or as another such class), or the reverse,
    changes structure. Literals are compared element by element, so `(S(h, c), n)` against
    `((h, c), n)` is found too.

    ## Why is this bad?
    Loop carries and branch outputs must have identical pytree structure: JAX raises a
    `TypeError` ("carry input and carry output must have the same pytree structure") at
    trace time. A jitted step whose state gains or loses keys retraces every time.

    ## Known problems
    Only literal structures (`{"h": ...}`, `(a, b)`, `a, b = carry`) and direct calls of a
    class defined in the same module (`S(h, c)`) are compared, also through a name bound
    once (`init = S(...)`); carries built by helpers, `state._replace(...)`,
    `dataclasses.replace(...)`, `type(state)(...)` or classes imported from other modules are
    not analysed. A list literal and a tuple literal differ (as in JAX), but `a, b = carry`
    tells only the length of an unknown carry. A step function whose state is never fed back into it would not retrace;
    reading a key with a default is taken as the sign that it is.

    ## Example
    ```python
    def body(c, x):
        return {"h": c["h"] + x, "extra": x}, x

    jax.lax.scan(body, {"h": 0.0}, xs)
    ```

    ## Use instead
    ```python
    def body(c, x):
        return {"h": c["h"] + x, "extra": x}, x

    jax.lax.scan(body, {"h": 0.0, "extra": 0.0}, xs)
    ```

    ## Fix safety
    No fix is offered.
    """

    code = "JXP501"
    name = "pytree-structure-change"
    summary = "A loop carry or branch output changes its pytree structure"
    VALID = (
        "import dataclasses\nimport jax\ndef simulate(p0, n):\n    def step(p, _):\n        vel = p.vel - p.pos\n        return dataclasses.replace(p, vel=vel), p.pos\n    return jax.lax.scan(step, p0, None, length=n)\n",
        "import jax\ndef run(x0, n):\n    def step(x, _):\n        return (x * x.shape[0], x.sum()), x\n    return jax.lax.scan(step, x0, None, length=n)\n",
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    return {'count': state['count'] + 1, 'total': state['total'] + x}\n",
        "import jax\n@jax.jit\ndef f(cfg, x):\n    return {'y': x * cfg.get('scale', 1.0)}\n",
        "import jax\n@jax.jit\ndef f(batch):\n    out = {'y': batch['x']}\n    if 'label' in batch:\n"
        "        out['label'] = batch['label']\n    return out\n",
        "from jax import lax\ndef run(xs):\n    return lax.cond(xs > 0, lambda: (xs, xs), lambda: (xs, -xs))\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
        "import jax\nfrom typing import NamedTuple\nclass S(NamedTuple):\n    h: float\n    c: float\n"
        "def step(s, x):\n    return s._replace(h=s.h + x), x\n"
        "def step2(s, x):\n    return S(s.h, s.c + x), x\n"
        "def run(xs):\n    init = S(0.0, 0.0)\n    return jax.lax.scan(step, init, xs), jax.lax.scan(step2, init, xs)\n",
        "import jax\nfrom state import S\ndef step(s, x):\n    h, c = s\n    return (h + x, c), x\n"
        "def run(xs):\n    return jax.lax.scan(step, S(0.0, 0.0), xs)\n",
    )
    INVALID = (
        "import jax\nimport jax.numpy as jnp\ndef total(xs):\n    def body(i, carry):\n        s, sq = carry\n        return (s + xs[i], sq + xs[i] ** 2)\n    init = [jnp.zeros(()), jnp.zeros(())]\n    return jax.lax.fori_loop(0, 3, body, init)\n",
        "import jax\ndef simulate(p0, n):\n    def step(p, _):\n        vel = p.vel - p.pos\n        return {'pos': p.pos + vel, 'vel': vel}, p.pos\n    return jax.lax.scan(step, p0, None, length=n)\n",
        "import jax\ndef body(c, x):\n    return {'h': c['h'] + x, 'extra': x}, x\njax.lax.scan(body, {'h': 0.0}, None)\n",
        "import jax\n@jax.jit\ndef update(state, x):\n    new = dict(state)\n    new['total'] = state.get('total', 0.0) + x\n    return new\n",
        "import jax\n@jax.jit\ndef step(state):\n    extra = state['extra'] if 'extra' in state else 0.0\n    return {'count': state['count'] + 1, 'extra': extra}\n",
        "from jax import lax\ndef run(x):\n    return lax.cond(x > 0, lambda: (x, x), lambda: x + 1)\n",
        "from jax import lax\ndef body(i, carry):\n    a, b = carry\n    return a + i, b, i\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
        "import jax\nfrom typing import NamedTuple\nclass S(NamedTuple):\n    h: float\n    c: float\n"
        "def step(s, x):\n    return (s.h + x, s.c), x\n"
        "def run(xs):\n    init = S(0.0, 0.0)\n    return jax.lax.scan(step, init, xs)\n",
        "import collections\nfrom jax import lax\nPair = collections.namedtuple('Pair', 'a b')\n"
        "def body(i, carry):\n    a, b = carry\n    return Pair(a + i, b)\nlax.fori_loop(0, 3, body, (0.0, 1.0))\n",
    )

    def __init__(self) -> None:
        # per file: id of a step function -> the state keys it must return, each with the
        # `.get`/`in` that says the input may lack it; and (unit, dict name) -> the keys
        # stored into that dict, with where
        self._step: dict[int, dict[str | bytes, list[cst.Call | cst.Comparison]]] = {}
        self._stores: dict[tuple[int, str], list[tuple[str | bytes, cst.CSTNode]]] = {}


    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        qual = ctx.qualname(node.func)
        if qual in CARRY_LOOPS:
            self._loop(ctx, node, qual)
        elif qual in BRANCH_PRIMITIVES:
            self._branches(ctx, node, qual)
        else:
            self._maybe_missing_get(ctx, node)

    # -- a step function whose state gains keys -----------------------------------------
    # `state.get("total", 0.0)` or `"total" not in state` says the key may be missing from
    # the input; returning a state that has it changes the structure from one call to the
    # next, so a jitted step retraces (and a lax loop over it fails).

    def _input_param(self, ctx: Context, node: cst.BaseExpression) -> str | None:
        info = ctx.info
        unit = ctx.unit
        if info is None or not info.direct or info.caching_via is None or unit is None:
            return None
        if type(node) is cst.Name and unit.param(node.value) is not None \
                and node.value not in unit.assigned and node.value not in info.static_params:
            return node.value
        return None

    def _maybe_missing_get(self, ctx: Context, node: cst.Call) -> None:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value == "get" and len(node.args) == 2:
            key = node.args[0].value
            if type(key) is cst.SimpleString and self._input_param(ctx, func.value):
                self._step.setdefault(id(ctx.unit), {}).setdefault(key.evaluated_value, []).append(node)

    def visit_Comparison(self, node: cst.Comparison, ctx: Context) -> None:
        if len(node.comparisons) != 1 or not type(node.left) is cst.SimpleString:
            return
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)) and \
                self._input_param(ctx, target.comparator):
            self._step.setdefault(id(ctx.unit), {}).setdefault(node.left.evaluated_value, []).append(node)

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        target = node.targets[0].target if len(node.targets) == 1 else None
        if type(target) is cst.Subscript and type(target.value) is cst.Name \
                and len(target.slice) == 1 and type(target.slice[0].slice) is cst.Index \
                and type(target.slice[0].slice.value) is cst.SimpleString and ctx.unit is not None:
            stores = self._stores
            key = (id(ctx.unit), target.value.value)
            stores.setdefault(key, []).append((target.slice[0].slice.value.evaluated_value, node))

    def visit_Return(self, node: cst.Return, ctx: Context) -> None:
        missing = self._step.get(id(ctx.unit))
        if not missing or node.value is None:
            return
        value = node.value
        if type(value) is cst.Tuple and value.elements:
            value = value.elements[0].value  # (new_state, output)
        added: list[tuple[str | bytes, cst.CSTNode]] = []
        if type(value) is cst.Dict:
            for element in value.elements:
                if type(element) is cst.DictElement and type(element.key) is cst.SimpleString:
                    added.append((element.key.evaluated_value, element))
        elif type(value) is cst.Name:
            stores = self._stores
            added.extend(stores.get((id(ctx.unit), value.value), []))
        for key, where in added:
            if key in missing and not self._follows_input(ctx, where, key, missing[key]):
                self.report(
                    ctx,
                    where,
                    f"The returned state always has key {key!r}, but the input may lack it; "
                    "create every key in the initial state",
                    related=(missing[key][-1],),
                    detail="The input's key is read with a default or tested with `in`, so the "
                    "state changes structure after the first call: "
                    f"{ctx.via_description(ctx.caching_via)} retraces and lax loops over it fail.",
                )
                return

    @staticmethod
    def _follows_input(ctx: Context, store: cst.CSTNode, key: str | bytes,
                       notes: list[cst.Call | cst.Comparison]) -> bool:
        """A store made only when each input that may lack ``key`` has it (``if "label" in
        batch: outputs["label"] = ...``): the returned state has the key exactly when the
        input does, a structure fixed for each trace, and gains none."""
        if type(store) is not cst.Assign:
            return False
        for note in notes:
            tested = note.comparisons[0].comparator if isinstance(note, cst.Comparison) \
                else getattr(note.func, "value", None)
            if type(tested) is not cst.Name or not runs_only_with_key(ctx, store, tested.value, key):
                return False
        return True

    def _loop(self, ctx: Context, node: cst.Call, qual: str) -> None:
        for mismatch in loop_carry_mismatches(ctx, node, qual):
            expected, got = mismatch.expected, mismatch.got
            if expected.kind == got.kind == "leaf":
                self.report(
                    ctx,
                    mismatch.where,
                    f"The {qual} body returns a carry that is {describe(got)} but receives "
                    f"{describe(expected)}; give the initial carry the returned dtype",
                    detail="JAX raises TypeError: carry input and output must have equal types.",
                )
                continue
            fields = expected.kind == "fields"
            plain = "class" in (expected.kind, got.kind) or fields
            how = ""
            if fields:
                advice, how = "return the same kind of object", " Build it with `dataclasses.replace(...)`."
            elif expected.kind == "class":
                advice = f"return a `{expected.name}`"
                how = f" Build it with `{expected.name}(...)`."
            elif got.kind == "class":
                advice = f"initialise the carry as a `{got.name}`"
            else:
                advice = "initialise the carry with its final structure"
            self.report(
                ctx,
                mismatch.where,
                f"The {qual} body returns a carry that is {describe(got, plain)} but receives "
                f"{describe(expected, plain)}; {advice}",
                detail="JAX raises TypeError: carry input and output must have the same pytree "
                f"structure.{how}",
            )

    def _branches(self, ctx: Context, node: cst.Call, qual: str) -> None:
        mismatch = branch_mismatch(ctx, node, qual)
        if mismatch is None:
            return
        plain = "class" in (mismatch.got.kind, mismatch.expected.kind)
        leaves = mismatch.got.kind == mismatch.expected.kind == "leaf"
        self.report(
            ctx,
            mismatch.where,
            f"This {qual} branch returns {describe(mismatch.got, plain)} but another returns "
            f"{describe(mismatch.expected, plain)}; return the same structure from each",
            detail="JAX raises TypeError: branch outputs must have "
            + ("equal types." if leaves else "the same pytree structure."),
        )
