from __future__ import annotations

import libcst as cst

from jaxpure.analysis import (
    Context, MUTATING_METHODS, NONE_RETURNING, TRACED_CONTAINER, bound_to_reference,
    fills_missing_entry_for_read, handed_back, indexed_by_own_key, mutable_default,
    mutable_default_param, reference_update, result_used, single_value, target_names,
    Unit, forwarded_write_unobserved, traced_copy_self, write_unobserved,
)
from jaxpure.rules._shared import snippet, under
from jaxpure.rules.base import Rule


class InputStateMutation(Rule):
    """
    ## What it does
    Checks for a function traced by a JAX transform that mutates one of its arguments in
    place: `state["count"] = ...`, `params.update(...)`, `history.append(...)`,
    `del state[k]`, `config.lr = ...`.

    ## Why is this bad?
    A transform flattens its arguments into arrays and rebuilds fresh containers inside
    the trace. The mutation happens on that copy: under `jit` the caller's object is left
    unchanged, while calling the function eagerly changes it, so results depend on
    whether the code is jitted. Pure functions return the new state instead.

    ## Known problems
    A method named like a mutator whose result is used (`carry = carry.update(v)`,
    `return buffer.insert(s, x)`) is a pure method (list/dict/set mutators return None)
    and is not reported.
    Arguments of the transformed function are checked, in its body and in the helpers of
    the same module it passes them to unchanged; a helper that fills in a dict its traced
    caller created (or copied, `state = dict(state)`) is fine. A method a traced function
    calls on its traced argument (docs/traced.md) is checked on `self`: `cache =
    self._cache; cache[k] = v` writes into the caller's instance. Under `flax.nnx` transforms, module and
    Variable updates are the supported way to carry state and are not reported. An argument
    rebound before the mutation (`state = dict(state)`) is not reported, and neither is a
    parameter with a mutable default (`seen=[]`): storing a traced value in that shared
    default is JXP601.
    Writes through mutable references reach the caller under `jit` by design and are not
    reported: into an argument every caller binds to `jax.new_ref(...)` or a Variable with
    `hijax=True` (at module level, every binding of the name: a notebook rebinds it from
    cell to cell; any Variable after `nnx.var_defaults(hijax=True)`), and `optimizer.update(model, grads)` (two or more arguments: no dict's
    `update`) in a module that makes such references. Nor is a write that no caller can
    observe: every call of the function is seen (it is nested, private to the module, a
    function of a notebook, which nothing imports, a
    private method called as `self._step(...)` or on an instance, `model._step(x)`, which
    passes `model` for `self`, or a public method of a script, a module with an `if
    __name__ == "__main__":` block; directly, or through the one name or `self` attribute a
    transform of it is bound to, `_step = jax.jit(_update)`, `self.step = jax.jit(self._update)`),
    and each caller rebinds the name it passed to the result (`params = update(params, g)`),
    never reads it after a single call (`return jax.grad(loss)(params)`), or sets the
    written entry anew before reading its object again (`params["student"] = w` after
    `jax.grad(loss)(w, params)`, whose `loss` wrote `params["student"]`). Nor is a write
    into an argument of the transformed function that every path returns, itself, inside
    the result it builds (`return Output(x, cache)`) or as a copy that keeps its fields
    (`mem = mem._replace(extras=mem.extras)`), when no call in the module drops that
    result: callers read the state from the result, which holds the write under the
    transform too.

    ## Example
    ```python
    @jax.jit
    def step(state, x):
        state["count"] = state["count"] + 1
        return x
    ```

    ## Use instead
    ```python
    @jax.jit
    def step(state, x):
        state = {**state, "count": state["count"] + 1}
        return state, x
    ```

    ## Fix safety
    No fix is offered: returning the new state changes the function's signature.
    """

    code = "JXP502"
    name = "input-state-mutation"
    summary = "A transformed function mutates its argument in place"
    VALID = (
        "import jax\n@jax.jit\ndef step(state, x):\n    state = dict(state)\n    state['count'] = state['count'] + 1\n    return state, x\n",
        "import jax\n@jax.jit\ndef step(state, x):\n    out = {}\n    out['y'] = x\n    return out\n",
        "import jax\ndef fill(metrics, x):\n    metrics['loss'] = x\n@jax.jit\ndef step(x):\n    metrics = {}\n    fill(metrics, x)\n    return metrics\n",
        "from flax import nnx\n@nnx.jit\ndef step(model, x):\n    model.count.value += 1\n    return model(x)\n",
        "import jax\ndef update(state):\n    state['count'] += 1\n",
        "import jax\ndef bump(state):\n    state['count'] += 1\n@jax.jit\ndef step(x, state):\n    state = dict(state)\n    bump(state)\n    return x, state\n",
        "import jax\n@jax.jit\ndef f(x, **kwargs):\n    state = kwargs.pop('state', None)\n    return x\n",
        "import jax\n@jax.jit\ndef apply_grads(params, grads):\n    params.update(grads)\n    return params\n",
    )
    INVALID = (
        "import jax\n@jax.jit\ndef step(state, x):\n    state['count'] = state['count'] + 1\n    return x\n",
        "import jax\n@jax.jit\ndef step(params, grads):\n    params.update(grads)\n    return grads\n",
        "import jax\n@jax.vmap\ndef f(history, x):\n    history.append(x)\n    return x\n",
        "import jax\n@jax.jit\ndef f(state):\n    del state['tmp']\n    return state['x']\n",
        "import jax\ndef bump(state):\n    state['count'] += 1\n@jax.jit\ndef step(x, state):\n    bump(state)\n    return x\n",
    )

    def __init__(self) -> None:
        # per file: id of a helper -> its parameters forwarded from a transformed function's
        # arguments; and (unit, name) of parameters rebound before use
        self._forwarded_by_unit: dict[int, dict[str, list[tuple[Unit, str]]]] = {}
        self._rebound: set[tuple[int, str]] = set()


    def _applies(self, ctx: Context) -> str | None:
        info = ctx.info
        if info is None or not info.traced or info.stateful:
            return None
        if not info.direct and not info.traced_self and not self._forwarded(ctx):
            return None
        return info.via

    def _forwarded(self, ctx: Context) -> dict[str, list[tuple[Unit, str]]]:
        """For a helper of a transformed function: its parameters that receive one of that
        function's own arguments unchanged (``_bump(opt_state)`` in ``step(grads,
        opt_state)``), mapped to each such function and its parameter."""
        cache = self._forwarded_by_unit
        unit = ctx.unit
        if unit is None:
            return {}
        found = cache.get(id(unit))
        if found is not None:
            return found
        found = {}
        analysis = ctx.traced_analysis
        for caller, callee, call in analysis.edges:
            if callee is not unit:
                continue
            info = analysis.info.get(id(caller))
            if info is None or not info.direct or not info.traced or info.stateful:
                continue
            for target, value in (unit.arguments_of(call) or {}).items():
                if not type(value) is cst.Name:
                    continue
                outer = caller.param(value.value)
                if outer is None or outer.star or outer.name in info.static_params \
                        or outer.name in caller.assigned or mutable_default_param(outer):
                    continue
                found.setdefault(target, []).append((caller, outer.name))
        cache[id(unit)] = found
        return found

    def _argument(self, ctx: Context, node: cst.BaseExpression, alias: bool = True) -> str | None:
        """The argument a subscript/attribute chain starts from, if not rebound (through a
        name bound once to such a chain: ``cache = self._cache; cache[k] = v``)."""
        written = node
        while isinstance(node, (cst.Subscript, cst.Attribute)):
            node = node.value
        if not type(node) is cst.Name or ctx.unit is None:
            return None
        param = ctx.unit.param(node.value)
        info = ctx.info
        if param is None and alias:
            bound = single_value(ctx.index, ctx.unit, node.value)
            if bound is not None and bound[1] is ctx.unit \
                    and isinstance(bound[0], (cst.Subscript, cst.Attribute)):
                return self._argument(ctx, bound[0], alias=False)
        if param is None or info is None or param.name in info.static_params or param.star:
            return None  # *args/**kwargs are fresh containers on every call
        if ctx.unit.parent_is_class and param.index == 0 and info.traced_self:
            return f"`{param.name}`, an instance its traced caller passes in,"
        if not info.direct:
            # a helper: only what its transformed caller hands over from its own arguments
            callers = self._forwarded(ctx).get(param.name)
            if not callers or param.name in ctx.unit.assigned \
                    or forwarded_write_unobserved(ctx, callers):
                return None
            return f"`{param.name}`, an argument `{callers[-1][0].name}` passes on unchanged,"
        if ctx.unit.parent_is_class and param.index == 0:
            return None  # self / cls
        if mutable_default(ctx, param.name):
            return None  # `seen=[]`: the shared default object, JXP601's (a leak) not ours
        rebound = self._rebound
        if (id(ctx.unit), param.name) in rebound \
                or write_unobserved(ctx, ctx.unit, param.name, written) \
                or bound_to_reference(ctx, ctx.unit, param.name):
            return None  # rebound before the write; no caller sees it; a reference, written on purpose
        if handed_back(ctx, ctx.unit, param.name):
            return None  # optional state handed back to callers that read the result
        return f"argument `{param.name}`"

    def _rebinds(self, ctx: Context, targets: list[cst.BaseExpression]) -> None:
        rebound = self._rebound
        for target in targets:
            for name in target_names(target):
                rebound.add((id(ctx.unit), name))

    def _report(self, ctx: Context, node: cst.CSTNode, name: str, via: str) -> None:
        self.report(
            ctx,
            node,
            f"`{snippet(ctx, node)}` mutates {name} under {under(ctx, via)}: the caller sees it "
            "only without the transform; return an updated copy",
            detail="The transform works on a copy of its arguments, so the caller sees the "
            "change when the function runs eagerly but not under the transform. Return an "
            "updated copy instead.",
        )

    def visit_Assign(self, node: cst.Assign, ctx: Context) -> None:
        via = self._applies(ctx)
        if via is None:
            return
        for target in node.targets:
            self._store(ctx, target.target, node, via)
        self._rebinds(ctx, [t.target for t in node.targets if not isinstance(t.target, (cst.Subscript, cst.Attribute))])

    def visit_AugAssign(self, node: cst.AugAssign, ctx: Context) -> None:
        via = self._applies(ctx)
        if via is not None:
            self._store(ctx, node.target, node, via)

    def _store(self, ctx: Context, target: cst.BaseExpression, statement: cst.CSTNode, via: str) -> None:
        if type(target) is cst.Subscript:
            if not _string_indexed(target) and not indexed_by_own_key(ctx, target) \
                    and ctx.kind(target.value) != TRACED_CONTAINER:
                return  # an integer index on an argument is JXP201 (arrays)
        elif not type(target) is cst.Attribute:
            return
        elif type(target.value) is cst.Name and traced_copy_self(ctx, target.value.value):
            # `self._weight = w` on the instance a traced caller passed in rebinds a field of
            # the trace's own copy, which the caller returns or drops; only what its fields
            # share with other copies (a dict written in place) reaches them
            return
        if fills_missing_entry_for_read(ctx, statement, target):
            return  # `if "k" not in d: d["k"] = v`, then `d["k"]` read: a default for the read
        name = self._argument(ctx, target)
        if name is not None:
            self._report(ctx, statement, name, via)

    def visit_Del(self, node: cst.Del, ctx: Context) -> None:
        via = self._applies(ctx)
        if via is None or not type(node.target) is cst.Subscript:
            return
        name = self._argument(ctx, node.target)
        if name is not None:
            self._report(ctx, node, name, via)

    def visit_Call(self, node: cst.Call, ctx: Context) -> None:
        func = node.func
        if not type(func) is cst.Attribute or func.attr.value not in MUTATING_METHODS:
            return
        if func.attr.value in NONE_RETURNING and result_used(ctx, node):
            return  # `carry = carry.update(v)`: a pure method of the same name
        if reference_update(ctx, node):
            return  # `optimizer.update(model, grads)` over mutable references
        via = self._applies(ctx)
        if via is None or _through_at(func.value):
            return
        name = self._argument(ctx, func.value)
        if name is not None:
            self._report(ctx, node, name, via)


def _string_indexed(target: cst.Subscript) -> bool:
    node: cst.BaseExpression = target
    while type(node) is cst.Subscript:
        element = node.slice[0].slice if len(node.slice) == 1 else None
        if type(element) is cst.Index and isinstance(element.value, (cst.SimpleString, cst.FormattedString)):
            return True
        node = node.value
    return False


def _through_at(node: cst.BaseExpression) -> bool:
    """``x.at[i]``: `.add`/`.set` on an indexer are functional JAX updates, not mutation."""
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        if type(node) is cst.Attribute and node.attr.value == "at":
            return True
        node = node.value
    return False


