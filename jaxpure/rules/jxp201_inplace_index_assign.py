from __future__ import annotations

from typing import Literal

import libcst as cst

from jaxpure.analysis import (
    ARRAY, Context, TRACED, TRACED_ARRAY, TRACED_CONTAINER, array_field, indexed_by_own_key,
    is_string, keyed_by_string, names_numpy_array, single_value,
)
from jaxpure.rules._shared import snippet
from jaxpure.rules.base import Invalid, Replacement, Rule

AUGMENTED_METHODS = {
    cst.AddAssign: "add",
    cst.MultiplyAssign: "multiply",
    cst.DivideAssign: "divide",
    cst.PowerAssign: "power",
    cst.SubtractAssign: "subtract",
}


class InplaceIndexAssign(Rule):
    """
    ## What it does
    Checks for item assignment `x[i] = v` (and `x[i] += v`) on a JAX array: a traced
    value, a field of a traced pytree (`data.qvel[:] = 0.0`), an array produced by
    `jnp`/`jax`, a field of a library's pytree of JAX arrays (what `mjx.make_data` or
    `mjx.step` return), or an attribute of `self` that every method of the class sets to a
    new JAX array (`self.board = jnp.zeros(...)`), inside or outside traced code.

    ## Why is this bad?
    JAX arrays are immutable: item assignment raises `TypeError: JAX arrays are immutable
    and do not support in-place item assignment`, eagerly and under `jit`.

    ## Known problems
    NumPy arrays, lists, dicts and `jax.new_ref` refs support item assignment and are not
    reported, nor is a field that a class of the module declares as one of them (matched by
    name). A parameter of a traced function whose type is unknown is reported when
    indexed with something other than a string (a string key means a dict: see JXP502),
    and so is a name bound once to its `.copy()` (NumPy's `y = x.copy(); y[0] = 0`); a
    copy of anything else is what it copies (`mdl_vars = states.mdl_vars.copy()` of
    unknown structure may be a dict), and a name the function also indexes with a string
    is a dict. Under a flag every traced caller passes as a literal (`use_jax=True`), the NumPy
    branches the flag rules out (`if use_jax: ... else: out[mask] = 0.0`) see what the
    earlier such branches bound (`out = np.zeros_like(x)`), not the JAX arrays of the
    traced ones.

    ## Example
    ```python
    def f(x):
        x = jnp.asarray(x)
        x[0] = 1.0
        return x
    ```

    ## Use instead
    ```python
    def f(x):
        x = jnp.asarray(x)
        x = x.at[0].set(1.0)
        return x
    ```

    ## Fix safety
    The fix rewrites `x[i] = v` to `x = x.at[i].set(v)` (`+=` to `.add`, `*=` to
    `.multiply`, ...). It is safe when `x` is known to be a JAX array, since the original
    statement can only raise; it is unsafe when `x` is a parameter whose type is not known
    (it could be a list, which has no `.at`).
    """

    code = "JXP201"
    name = "inplace-index-assign"
    summary = "In-place item assignment on an immutable JAX array"
    fix = "safe"
    VALID = (
        "import jax.numpy as jnp\nimport numpy as np\nclass Env:\n    def __init__(self):\n        self.board = jnp.zeros(9)\n    def reset(self):\n        self.board = np.zeros(9)\n    def play(self, i):\n        self.board[i] = 1\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    buf = np.zeros(3)\n    buf[0] = 1.0\n    return x + buf\n",
        "import jax\n@jax.jit\ndef f(x):\n    out = {}\n    out['y'] = x\n    items = [x]\n    items[0] = x * 2\n    return out, items\n",
        "import jax\n@jax.jit\ndef f(x):\n    ref = jax.new_ref(x)\n    ref[0] = 1.0\n    ref[...] += 1\n    return ref[...]\n",
        "import jax\ndef f(x):\n    x[0] = 1.0\n    return x\n",
        "import jax\n@jax.jit\ndef accumulate(acc, g):\n    acc[...] += g\n",
        "import jax\nimport jax.numpy as jnp\n@jax.jit\ndef f(x, ws):\n    hs = [x] + [jnp.zeros_like(x) for _ in ws]\n    for i, w in enumerate(ws):\n        hs[i + 1] = hs[i] @ w\n    return hs[-1]\n",
        "import jax\nimport numpy as np\n@jax.jit\ndef f(x):\n    delta = np.zeros((2, x.shape[0]))\n    delta[0, 0] = 1.0\n    return x + delta.sum()\n",
        "import jax\n@jax.jit\ndef f(x):\n    x = x.at[0].set(1.0)\n    x += 1\n    return x\n",
    )
    INVALID = (
        "import jax.numpy as jnp\nclass Env:\n    def __init__(self):\n        self.board = jnp.zeros(9)\n    def play(self, i):\n        board = self.board\n        board[i] = 1\n",
        Invalid(
            "import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1.0\n",
            expected_fix="import jax.numpy as jnp\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n",
        ),
        Invalid(
            "import jax\n@jax.jit\ndef f(x: jax.Array, v):\n    x[1:] += v\n    return x\n",
            expected_fix="import jax\n@jax.jit\ndef f(x: jax.Array, v):\n    x = x.at[1:].add(v)\n    return x\n",
        ),
        "import jax\n@jax.jit\ndef f(x):\n    x[0] = 1.0\n    return x\n",
        "import jax\nimport jax.numpy as jnp\ndef f(n):\n    y = jnp.ones(n) * 2\n    y[0] = 0\n    return y\n",
    )

    def __init__(self) -> None:
        # per file: names bound to the leaves of a pytree (`for leaf in jax.tree.leaves(t)`)
        self._leaves: set[tuple[int, str]] = set()


    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        for target in node.targets:
            self._check(ctx, node, target.target, node.value, "set", len(node.targets) == 1)
        # `w = params["w"]`: a leaf of a traced pytree, an array rather than a list
        if len(node.targets) == 1 and type(node.targets[0].target) is cst.Name \
                and _leaf_access(ctx, node.value) and ctx.is_traced(node.value) \
                and ctx.kind(node.value) != TRACED_CONTAINER:
            leaves = self._leaves
            leaves.add((id(ctx.unit), node.targets[0].target.value))

    def visit_AugAssign(self, node: cst.AugAssign, ctx: Context) -> None:
        method = AUGMENTED_METHODS.get(type(node.operator))
        self._check(ctx, node, node.target, node.value, method, method is not None)

    def _check(self, ctx: Context, statement: cst.CSTNode, target: cst.BaseExpression,
               value: cst.BaseExpression, method: str | None, fixable: bool) -> None:
        if not type(target) is cst.Subscript or _string_key(ctx, target):
            return  # a string key means a dict (`metrics = state.copy(); metrics[KEY] = v`)
        if type(target.value) is cst.Name and names_numpy_array(ctx, target.value.value):
            return  # `delta = np.zeros(...)`: NumPy arrays are mutable (and have no `.at`)
        kind = ctx.kind(target.value)
        if kind == TRACED:
            # a traced value of unknown type: only an untouched parameter or a leaf read
            # from a traced pytree (`data.qvel`, or a name bound to one) is worth reporting
            # (a sliced or rebuilt value may be a Python list; `acc[...] += g` is how a
            # `jax.new_ref` passed in is written)
            if _whole_ref_index(target) or not ctx.traced \
                    or indexed_by_own_key(ctx, target) or not (
                _untouched_param(ctx, target.value) or array_field(ctx, target.value)
                or _leaf_name(self._leaves, id(ctx.unit), target.value)
            ):
                return
            applicability: Literal["safe", "unsafe"] = "unsafe"
        elif kind in (TRACED_ARRAY, ARRAY):
            applicability = "safe"
        else:
            return
        if type(target.value) is cst.Name and keyed_by_string(ctx, target.value.value):
            return  # indexed with a string elsewhere: a dict (asked last: it reads the body)
        base = snippet(ctx, target.value)
        index = ctx.module.code_for_node(target).removeprefix(ctx.module.code_for_node(target.value))
        replacement = None
        if fixable and method is not None and isinstance(target.value, (cst.Name, cst.Attribute)):
            if type(target.value) is cst.Attribute:
                applicability = "unsafe"
            new_value = cst.Call(
                func=cst.Attribute(
                    value=cst.Subscript(
                        value=cst.Attribute(value=target.value, attr=cst.Name("at")),
                        slice=target.slice,
                    ),
                    attr=cst.Name(method),
                ),
                args=[cst.Arg(value)],
            )
            new = cst.Assign(targets=[cst.AssignTarget(target.value)], value=new_value)
            replacement = Replacement(statement, new, f"Use `{base} = {base}.at{index}.{method}(...)`",
                                      applicability)
        self.report(
            ctx,
            target,
            f"`{base}{index}` assignment on a JAX array raises TypeError; use "
            f"`{base} = {base}.at{index}.{method or 'set'}(...)`",
            replacement,
            detail="JAX arrays are immutable: `.at[...]` returns an updated copy.",
        )


def _string_key(ctx: Context, target: cst.Subscript) -> bool:
    return len(target.slice) == 1 and type(target.slice[0].slice) is cst.Index and \
        is_string(ctx, target.slice[0].slice.value)


def _whole_ref_index(target: cst.Subscript) -> bool:
    return len(target.slice) == 1 and type(target.slice[0].slice) is cst.Index and \
        type(target.slice[0].slice.value) is cst.Ellipsis


def _untouched_param(ctx: Context, node: cst.BaseExpression, copied: bool = True) -> bool:
    """A parameter the function never rebinds, or (``copied``) a name bound once to its
    ``.copy()`` (NumPy's idiom: `y = x.copy(); y[0] = 0`)."""
    unit = ctx.unit
    if type(node) is not cst.Name or unit is None:
        return False
    if unit.param(node.value) is not None:
        return node.value not in unit.assigned
    bound = single_value(ctx.index, unit, node.value) if copied else None
    value = bound[0] if bound is not None and bound[1] is unit else None
    return type(value) is cst.Call and not value.args and type(value.func) is cst.Attribute \
        and value.func.attr.value == "copy" and _untouched_param(ctx, value.func.value, False)


def _leaf_access(ctx: Context, value: cst.BaseExpression) -> bool:
    if type(value) is cst.Attribute:
        return array_field(ctx, value)
    return type(value) is cst.Subscript and _string_key(ctx, value)


def _leaf_name(leaves: set[tuple[int, str]], unit_id: int, node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and (unit_id, node.value) in leaves
