"""What a transform's arguments say about the function's parameters: which ones a
``vmap``'s ``in_axes`` leaves unbatched (vmap passes those through), which ones a grad's
``argnums`` leaves out, which ones a custom_vjp rule gets static."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.transforms import DIFFERENTIATING, Transform
from jaxpure.analysis.syntax import call_arg, int_literals, keyword_arg, positional_args
from jaxpure.analysis.syntax import str_literals

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import Param, Unit


def _keyword(call: cst.Call | None, name: str) -> cst.BaseExpression | None:
    arg = keyword_arg(call, name) if call is not None else None
    return arg.value if arg is not None else None


def read_statics(options: cst.Call, positional: list[Param], shift: int, static: set[str],
                 rewritten: frozenset[str]) -> bool:
    """Add to ``static`` the parameters ``options`` (``static_argnums``/``argnames``) make
    static; True when which ones cannot be told: numbers given as a variable, or read by a
    project wrapper its own way (``rewritten``: kfac's ``staged`` counts past ``self``)."""
    if any(_keyword(options, k) is not None for k in rewritten):
        return True
    unknown = False
    for keyword in ("static_argnums", "static_broadcasted_argnums", "nondiff_argnums"):
        nums = int_literals(_keyword(options, keyword))
        if nums is None:
            unknown = True
        for n in nums or ():
            i = n if n >= 0 else len(positional) - shift + n
            i += shift
            if 0 <= i < len(positional):
                static.add(positional[i].name)
    names = str_literals(_keyword(options, "static_argnames"))
    if names is None:
        unknown = True
    static.update(names or ())
    return unknown


def body_arity(name: str, call: cst.Call) -> int | None:
    """How many arguments a lax primitive passes to the functions it is given."""
    if name.startswith("jax.tree."):
        return max(len(positional_args(call)) - 1, 1)
    if name.endswith(("scan", "fori_loop", "associative_scan")):
        return 2
    if name.endswith(("while_loop", ".map")):
        return 1
    if name.endswith(".cond"):
        return max(len(positional_args(call)) - 3, 0)
    if name.endswith(".switch"):
        return max(len(positional_args(call)) - 2, 0)
    return None


def body_arguments(t: Transform, call: cst.Call) -> list[cst.BaseExpression]:
    """The functions a lax primitive ``call`` runs, as written: ``true_fun`` and
    ``false_fun`` of ``lax.cond``, each branch of a literal list given to ``lax.switch``,
    the body (and ``cond_fun``) of a loop."""
    found: list[cst.BaseExpression] = []
    keywords = t.body_keywords
    for i, position in enumerate(t.bodies):
        keyword = keywords[i] if i < len(keywords) else None
        if position < 0:  # a list or tuple of branches
            branches = call_arg(call, -position - 1, keyword)
            if isinstance(branches, (cst.List, cst.Tuple)):
                found.extend(element.value for element in branches.elements)
            continue
        body = call_arg(call, position, keyword)
        if body is not None:
            found.append(body)
    return found


def undifferentiated(t: Transform, options: cst.Call | None, positional: list[Param],
                      shift: int) -> frozenset[str]:
    """The positional parameters a grad-like transform leaves out of its ``argnums``."""
    if t.name not in DIFFERENTIATING:
        return frozenset()
    argnums = _keyword(options, "argnums")
    if argnums is None and options is not None and t.name.startswith("jax.") \
            and len(options.args) > 1 and options.args[1].keyword is None:
        argnums = options.args[1].value  # jax.grad(f, 1)
    nums = [0] if argnums is None else int_literals(argnums)
    if nums is None:
        return frozenset()  # argnums given as a variable: any of them may be traced
    count = len(positional) - shift
    traced = {n if n >= 0 else count + n for n in nums}
    return frozenset(p.name for i, p in enumerate(positional[shift:]) if i not in traced)


def axes_entries(axes: cst.BaseExpression | None) -> list[bool] | None:
    """Which entries of an ``in_axes`` list are None: a literal, or literals joined by
    ``+`` and repeated by ``* n`` (``[0] + [None] * 9``); None when it is not that."""
    if isinstance(axes, (cst.Tuple, cst.List)):
        if any(type(e) is cst.StarredElement for e in axes.elements):
            return None
        return [type(e.value) is cst.Name and e.value.value == "None" for e in axes.elements]
    if type(axes) is cst.BinaryOperation:
        if type(axes.operator) is cst.Add:
            left, right = axes_entries(axes.left), axes_entries(axes.right)
            return left + right if left is not None and right is not None else None
        if type(axes.operator) is cst.Multiply:
            for seq, count in ((axes.left, axes.right), (axes.right, axes.left)):
                entries = axes_entries(seq)
                if entries is not None and type(count) is cst.Integer:
                    return entries * int(count.value)
    return None


def rule_static_params(owner: Unit, rule: Unit, role: str, static: set[str]) -> set[str]:
    """The parameters of a custom_vjp/custom_jvp rule that receive the owner's
    ``nondiff_argnums``: at the same positions in ``f_fwd``, first in ``f_bwd``/``f_jvp``."""
    indices = sorted(p.index for p in owner.params if p.name in static and p.index >= 0)
    positional = [p for p in rule.params if p.index >= 0]
    if role == "fwd":
        return {positional[i].name for i in indices if i < len(positional)}
    return {p.name for p in positional[:len(indices)]}
