"""PRNG keys: which names hold keys, and which calls consume them.

JAX keys are values: a key passed to two samplers (or split, then used again) gives the
same or correlated randomness. The flow walker tracks, per name, whether the key it holds
has been consumed on the current path and emits events that the key-reuse rules report.
"""

from __future__ import annotations


import libcst as cst

from jaxpure.analysis.syntax import (  # noqa: F401 - paths re-exported as K.*
    argument_names,
    argument_paths,
    array_of_keys,
    children,
    key_path,
    reads_any,
    statements,
    target_names,
)
from jaxpure.analysis.flow.keystate import KeyReuse, KeyReuseInLoop, KeyState  # noqa: F401
from jaxpure.analysis.catalog.random import (  # noqa: F401 - re-exported as K.*
    ALIGNING_DRAWS,
    DESCRIPTIVE_ATTRIBUTES,
    KEY_NAME,
    KEY_PRODUCERS,
    KEY_STREAM_NAMES,
    LOG_RECEIVERS,
    NON_CONSUMING,
    NON_CONSUMING_METHODS,
    NON_CONSUMING_NAMES,
    NON_CONSUMING_PREFIXES,
    PREDICATE_NAME,
    RANDOMNESS_OFF,
    RNG_KEYWORDS,
    UNAMBIGUOUS_KEY_NAME,
    consumes,
    is_assertion,
    is_log_call,
    key_like_name,
    predicate_name,
    unambiguous_key_name,
)


def unused_key_argument(ancestors: list[cst.CSTNode | None]) -> bool:
    """Whether a key whose enclosing nodes (innermost first) are ``ancestors`` is passed,
    alone or in a dict, as ``rngs=``/``rng=`` to a call that also switches randomness off
    (``apply(params, x, rngs={"dropout": key}, train=False)``): it is never drawn from."""
    i = 0
    while i < len(ancestors) and isinstance(ancestors[i], (cst.DictElement, cst.Dict)):
        i += 1
    if i + 1 >= len(ancestors):
        return False
    arg, call = ancestors[i], ancestors[i + 1]
    if not type(arg) is cst.Arg or arg.keyword is None \
            or arg.keyword.value not in RNG_KEYWORDS or not type(call) is cst.Call:
        return False
    return any(a.keyword is not None and type(a.value) is cst.Name
               and RANDOMNESS_OFF.get(a.keyword.value) == a.value.value for a in call.args)
