from __future__ import annotations

import libcst as cst

from jaxpure.analysis import Context, at_update_base, at_update_method, expected_to_raise, mentions
from jaxpure.rules._shared import snippet
from jaxpure.rules.base import Invalid, Replacement, Rule

TREE_MAPS = frozenset({"jax.tree.map", "jax.tree.map_with_path"})


class DiscardedAtUpdate(Rule):
    """
    ## What it does
    Checks for `x.at[i].set(v)` (and `.add`, `.multiply`, `.divide`, `.power`, `.min`,
    `.max`, `.apply`) used as a statement, its result thrown away; also
    `jax.tree.map(lambda g: g.at[i].set(v), tree)` as a statement; and an update bound to
    a local name that the function never reads (`new_x = x.at[i].set(v)`, then `x` used).

    ## Why is this bad?
    JAX arrays are immutable: `.at[...].set(...)` returns an updated copy and leaves `x`
    unchanged. As a bare statement it does nothing, silently, inside or outside `jit`.

    ## Known problems
    The last statement under `with pytest.raises(...)` (or `self.assertRaises(...)`,
    `np.testing.assert_raises(...)`) is not reported: it is there to raise, so there is no
    result to keep. An earlier statement of the same block runs, and is reported.

    ## Example
    ```python
    def f(x):
        x.at[0].set(10.0)
        return x
    ```

    ## Use instead
    ```python
    def f(x):
        x = x.at[0].set(10.0)
        return x
    ```

    ## Fix safety
    When the array is a plain name the fix assigns the result back to it, which is what the
    statement was written to do; the fix is safe. Otherwise no fix is offered.
    """

    code = "JXP202"
    name = "discarded-at-update"
    summary = "The result of an `.at[...]` update is discarded"
    fix = "safe"
    VALID = (
        "def f(x):\n    x = x.at[0].set(1.0)\n    return x\n",
        "def f(x):\n    return x.at[0].add(1.0)\n",
        "def f(x):\n    y = x.at[0].get()\n    return y\n",
        "import jax\ndef freeze(grads):\n    return jax.tree.map(lambda g: g.at[0].set(0.0), grads)\n",
        "import jax\nf = lambda x: x.at[0].set(1)\n",
    )
    INVALID = (
        Invalid(
            "import jax\ndef f(x):\n    x.at[0].set(10.0)\n    return x\n",
            expected_fix="import jax\ndef f(x):\n    x = x.at[0].set(10.0)\n    return x\n",
        ),
        "import jax.numpy as jnp\ny = jnp.zeros(3)\ny.at[1:].add(2)\n",
        "import jax\nclass A:\n    def f(self):\n        self.x.at[0].multiply(2)\n",
        "import jax\ndef freeze(grads):\n    jax.tree.map(lambda g: g.at[0].set(0.0), grads)\n    return grads\n",
        "import jax\ndef f(x, i):\n    new_x = x.at[i].set(0.0)\n    return x\n",
    )

    def visit_Expr(self, node: cst.Expr, ctx: Context) -> None:
        if expected_to_raise(ctx, node):
            return  # `with pytest.raises(TypeError): x.at[0].set("a")`: there to raise
        base = at_update_base(node.value)
        if base is None:
            self._discarded_tree_map(node, ctx)
            return
        method = at_update_method(node.value)
        replacement = None
        if type(base) is cst.Name:
            new = cst.Assign(targets=[cst.AssignTarget(cst.Name(base.value))], value=node.value)
            replacement = Replacement(node, new, f"Assign the result back to `{base.value}`", "safe")
        text = ctx.module.code_for_node(base)
        self.report(
            ctx,
            node.value,
            f"Result of `{text}.at[...].{method}(...)` is discarded, so this does nothing; "
            f"assign it to `{text}`",
            replacement,
            detail=f"JAX arrays are immutable: `.at[...]` returns an updated copy. Assign it: "
            f"`{text} = {text}.at[...].{method}(...)`.",
        )

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        # `new_table = table.at[rows].set(v)` in a function that never reads `new_table`
        unit = ctx.unit
        if unit is None or len(node.targets) != 1 or not type(node.targets[0].target) is cst.Name:
            return
        base = at_update_base(node.value)
        name = node.targets[0].target.value
        if base is None or expected_to_raise(ctx, node) or name.startswith("_") or name in unit.declared_global \
                or name in unit.declared_nonlocal or mentions(unit.node, name) != 1:
            return
        method = at_update_method(node.value)
        text = ctx.module.code_for_node(base)
        self.report(
            ctx,
            node.value,
            f"Result of `{text}.at[...].{method}(...)` is bound to `{name}`, which is never "
            f"read; use `{name}` where `{text}` is used",
            detail=f"JAX arrays are immutable, so `{text}` keeps its old values. Use `{name}` "
            f"where `{text}` is used, or assign to `{text}`.",
        )

    def _discarded_tree_map(self, node: cst.Expr, ctx: Context) -> None:
        """``jax.tree.map(lambda g: g.at[0].set(0.0), grads)`` as a statement: every leaf is
        updated into a new tree that is thrown away."""
        call = node.value
        if not type(call) is cst.Call or ctx.qualname(call.func) not in TREE_MAPS \
                or len(call.args) < 2:
            return
        mapped = call.args[0].value
        if not type(mapped) is cst.Lambda or at_update_base(mapped.body) is None:
            return
        tree = ctx.module.code_for_node(call.args[1].value)
        self.report(
            ctx,
            call,
            f"Result of `{snippet(ctx, call)}` is discarded, so this does nothing; assign it "
            f"to `{tree}`",
            detail=f"`.at[...]` returns updated copies and leaves `{tree}` unchanged. Assign "
            f"it: `{tree} = jax.tree.map(...)`.",
        )
