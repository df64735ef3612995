"""Keys handed to a call that switches its randomness off.

``apply(params, x, rngs={"dropout": key}, train=False)``: a model's call given its keys by
keyword (``rngs=``, ``rng=``...) and, with a constant, the flag that turns its draws off
(``train=False``, ``is_training=False``, ``deterministic=True``, ``randomized=False``);
a constant key given positionally beside such a flag counts too. Models build their
dropout as ``deterministic=not train``: with the flag off nothing is drawn from the key,
which callers pass as a dummy (ithaca's ``rng = PRNGKey(0)  # dummy, no randomness in
model``). The same call with the flag on, or given a value not known before the run (a
parameter, ``not eval_mode``), may draw; so may a stream the flag does not govern
(``rngs={"noise": key}`` of a VAE samples whatever the flag).

One notion for every question about such a key: whether a constant key made in a trace is
a dummy (JXP105), and whether a call of a callable the analysis cannot see consumes the
key (the key flow: JXP301/JXP302). A callable the analysis can see is followed instead
(:mod:`flag_gates`): what it does under the flag is then known, not presumed.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from jaxpure.analysis.catalog.random import RANDOMNESS_OFF, RNG_KEYWORDS
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.syntax import is_int_literal

__all__ = ["switched_off_call", "switched_off_rng_arguments", "unused_key_argument"]


def switched_off_rng_arguments(call: cst.Call) -> set[int]:
    """The ids of the values ``call`` passes as its keys (``rngs={"dropout": key}``,
    ``rng=key``) when it also passes a constant that switches its randomness off; none
    when it passes no such flag."""
    if not any(_switches_off(arg) for arg in call.args):
        return set()
    return {id(arg.value) for arg in call.args
            if arg.keyword is not None and arg.keyword.value in RNG_KEYWORDS
            and _dropout_streams_only(arg.value)
            or arg.keyword is None and _constant_key(arg.value)}


def _constant_key(value: cst.BaseExpression) -> bool:
    """``PRNGKey(0)`` or ``random.key(0)`` given positionally: self-evidently the call's
    key (mipnerf's ``model.apply(variables, PRNGKey(0), rays, randomized=False)``, a
    policy's ``apply_fn(params, obs, PRNGKey(0), deterministic=True)``), a dummy the flag
    leaves undrawn. A name given positionally is not known to be the key the flag governs."""
    if type(value) is not cst.Call or not value.args or not is_int_literal(value.args[0].value):
        return False
    name = dotted_name(value.func) or ""
    return name.endswith("PRNGKey") or name.endswith("random.key")


def unused_key_argument(ancestors: Sequence[cst.CSTNode | None]) -> bool:
    """Whether a key whose enclosing nodes (innermost first) are ``ancestors`` is passed,
    alone or as an entry of a dict, as a key argument of a call that switches randomness
    off (see :func:`switched_off_rng_arguments`): it is never drawn from."""
    return switched_off_call(ancestors) is not None


def switched_off_call(ancestors: Sequence[cst.CSTNode | None]) -> cst.Call | None:
    """The call a key (whose enclosing nodes are ``ancestors``, innermost first) is handed
    to, alone or as an entry of a dict, as a key argument that the call's flag leaves
    undrawn (``apply(x, rngs={"dropout": key}, train=False)``); None otherwise."""
    i = 0
    while i < len(ancestors) and isinstance(ancestors[i], (cst.DictElement, cst.Dict)):
        i += 1
    if i + 1 >= len(ancestors):
        return None
    arg, call = ancestors[i], ancestors[i + 1]
    if type(arg) is cst.Arg and type(call) is cst.Call and any(a is arg for a in call.args) \
            and id(arg.value) in switched_off_rng_arguments(call):
        return call
    return None


def _switches_off(arg: cst.Arg) -> bool:
    """``train=False``, ``deterministic=True``: a constant, not a name bound at run time."""
    return arg.keyword is not None and type(arg.value) is cst.Name \
        and RANDOMNESS_OFF.get(arg.keyword.value) == arg.value.value


def _dropout_streams_only(value: cst.BaseExpression) -> bool:
    """A dict of streams names only dropout ones (``{"dropout": key}``): the flag turns
    dropout off, not a stream that samples (``{"noise": key}`` of a VAE draws whatever
    the flag); a key passed alone is the model's one key."""
    if type(value) is not cst.Dict:
        return True
    return all(type(e) is cst.DictElement and isinstance(e.key, cst.SimpleString)
               and "dropout" in str(e.key.evaluated_value) for e in value.elements)

