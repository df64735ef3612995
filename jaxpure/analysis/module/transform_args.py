"""What a transform's arguments say about the function's parameters: which ones a
``vmap``'s ``in_axes`` leaves unbatched (vmap passes those through), which ones a grad's
``argnums`` leaves out, which ones a custom_vjp rule gets static."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

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
        if per_branch_cond(name, call):
            return 1  # each branch gets its own operand
        return max(len(positional_args(call)) - 3, 0)
    if name.endswith(".switch"):
        return max(len(positional_args(call)) - 2, 0)
    return None


# what is surely no function: a display or a literal
_NOT_CALLABLE = (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.Integer, cst.Float,
                 cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)


def per_branch_cond(name: str, call: cst.Call) -> bool:
    """``lax.cond(pred, true_operand, true_fun, false_operand, false_fun)``: the older form
    JAX still runs (jax 0.10 falls back to it when ``true_fun`` is no callable and the last
    of five arguments is), each function given its own operand. Said only when the second
    argument is surely no function (a tuple of operands, a literal)."""
    args = call.args
    return name == "jax.lax.cond" and len(args) == 5 \
        and all(a.keyword is None and not a.star for a in args) \
        and isinstance(args[1].value, _NOT_CALLABLE)


def body_arguments(t: Transform, call: cst.Call) -> list[cst.BaseExpression]:
    """The functions a lax primitive ``call`` runs, as written: ``true_fun`` and
    ``false_fun`` of ``lax.cond``, each branch of a literal list given to ``lax.switch``,
    the body (and ``cond_fun``) of a loop."""
    found: list[cst.BaseExpression] = []
    keywords = t.body_keywords
    if per_branch_cond(t.name, call):
        return [call.args[2].value, call.args[4].value]
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


# the value of a name bound once (module/bindings.py single_value), or None
ValueOf = Callable[[str], "cst.BaseExpression | None"]


def axes_entries(axes: cst.BaseExpression | None, count: int,
                 value_of: ValueOf | None = None) -> list[bool] | None:
    """Which of ``count`` leading entries of an ``in_axes`` sequence are None: a literal,
    literals joined by ``+`` and repeated by ``* n`` (``[0] + [None] * 9``), or a name bound
    once to such a tuple (``in_axes = (None, 0); jax.vmap(f, in_axes=in_axes)``). A last
    term of Nones repeated a number of times not written (``(0,) + (None,) * len(args)``)
    covers every entry after the ones before it: vmap takes exactly one entry an argument.
    None when it is not that."""
    found = _entries(axes, value_of, 0)
    if found is None:
        return None
    entries, open_tail = found
    return entries + [True] * (count - len(entries)) if open_tail else entries


_Entries = tuple[list[bool], bool]  # the entries, and whether Nones follow them unnumbered


def _entries(axes: cst.BaseExpression | None, value_of: ValueOf | None,
             depth: int) -> _Entries | None:
    if type(axes) is cst.Name and value_of is not None and depth < 3:
        # a tuple only: a list bound once may still be written item by item
        # (`in_axes = [None] * n; in_axes[-k] = 0`)
        value = value_of(axes.value)
        return _entries(value, value_of, depth + 1) if _tuple_valued(value) else None
    if isinstance(axes, (cst.Tuple, cst.List)):
        return _sequence(axes, value_of, depth)
    if type(axes) is cst.BinaryOperation:
        if type(axes.operator) is cst.Add:
            left, right = _entries(axes.left, value_of, depth), _entries(axes.right, value_of, depth)
            if left is None or right is None or left[1]:
                return None  # nothing known after an unnumbered run
            return left[0] + right[0], right[1]
        if type(axes.operator) is cst.Multiply:
            for seq, count in ((axes.left, axes.right), (axes.right, axes.left)):
                found = _entries(seq, value_of, depth)
                if found is None or found[1]:
                    continue
                if type(count) is cst.Integer:
                    return found[0] * int(count.value, 0), False
                if found[0] and all(found[0]):
                    return [], True  # `(None,) * len(args)`
    return None


def _sequence(axes: cst.Tuple | cst.List, value_of: ValueOf | None,
              depth: int) -> _Entries | None:
    entries: list[bool] = []
    for i, e in enumerate(axes.elements):
        if type(e) is cst.StarredElement:
            # `(0, *(None,) * 6)`
            inner = _entries(e.value, value_of, depth)
            if inner is None or inner[1] and i != len(axes.elements) - 1:
                return None
            entries.extend(inner[0])
            if inner[1]:
                return entries, True
            continue
        entries.append(type(e.value) is cst.Name and e.value.value == "None")
    return entries, False


def _tuple_valued(value: cst.BaseExpression | None) -> bool:
    """A tuple display, or tuples joined by ``+`` or repeated by ``*``."""
    if type(value) is cst.Tuple:
        return True
    if type(value) is cst.BinaryOperation and isinstance(value.operator, (cst.Add, cst.Multiply)):
        return _tuple_valued(value.left) or _tuple_valued(value.right)
    return False


def rule_static_params(owner: Unit, rule: Unit, role: str, static: set[str]) -> set[str]:
    """The parameters of a custom_vjp/custom_jvp rule that receive the owner's
    ``nondiff_argnums``: at the same positions in ``f_fwd``, first in ``f_bwd``/``f_jvp``."""
    indices = sorted(p.index for p in owner.params if p.name in static and p.index >= 0)
    positional = [p for p in rule.params if p.index >= 0]
    if role == "fwd":
        return {positional[i].name for i in indices if i < len(positional)}
    return {p.name for p in positional[:len(indices)]}


def bound_values(partial: cst.Call, inner: Unit,
                 shift: int) -> tuple[tuple[str, cst.BaseExpression], ...]:
    """What ``partial(f, a, k=v)`` binds, by parameter of ``f`` (``shift``: a bound
    ``self``); nothing for what a ``*args``/``**kwargs`` spreads."""
    positional = [p for p in inner.params if p.index >= 0 and not p.star]
    found: list[tuple[str, cst.BaseExpression]] = []
    for i, arg in enumerate(positional_args(partial)[1:]):
        if 0 <= i + shift < len(positional):
            found.append((positional[i + shift].name, arg.value))
    found.extend((a.keyword.value, a.value) for a in partial.args if a.keyword is not None)
    return tuple(found)
