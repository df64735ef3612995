"""PRNG keys: which names hold keys, and which calls consume them.

JAX keys are values: a key passed to two samplers (or split, then used again) gives the
same or correlated randomness. The flow walker tracks, per name, whether the key it holds
has been consumed on the current path and emits events that the key-reuse rules report.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

# jax.random functions that make a new key (their result is a key or an array of keys)
KEY_PRODUCERS = frozenset(
    {"jax.random.key", "jax.random.PRNGKey", "jax.random.split", "jax.random.fold_in",
     "jax.random.clone", "jax.random.wrap_key_data"}
)
# calls that read a key without consuming its randomness
NON_CONSUMING = frozenset(
    {"jax.random.fold_in", "jax.random.key_data", "jax.random.wrap_key_data",
     "jax.random.clone", "jax.random.key_impl", "jax.random.key", "jax.random.PRNGKey",
     "jax.device_put", "jax.device_get", "jax.block_until_ready", "jax.lax.stop_gradient",
     "jax.numpy.asarray", "jax.numpy.array", "jax.numpy.stack", "jax.numpy.concatenate",
     "jax.numpy.shape", "jax.typeof", "jax.eval_shape"}
)
NON_CONSUMING_PREFIXES = ("builtins.", "jax.debug.", "jax.tree", "jax.numpy.", "typing.",
                          "jax.dtypes.", "jax.core.", "logging.", "numpy.", "jax.sharding.",
                          "chex.assert", "jax.experimental.io_callback")
# methods of jitted functions and keys that look at a key without drawing from it
NON_CONSUMING_METHODS = frozenset({"lower", "trace", "eval_shape", "block_until_ready"})
# helpers named like jax.random's non-consuming functions (`test_utils.clone(key)`)
NON_CONSUMING_NAMES = frozenset({"clone", "key_data", "wrap_key_data", "fold_in"})
LAX_CONSUMERS = frozenset(
    {"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.cond",
     "jax.lax.switch", "jax.lax.map"}
)

KEY_NAME = re.compile(
    r"^(?:[a-z0-9_]*_)?(?:key|rng|prng|prng_key|rng_key|subkey|sub_key|dropout_rng|keys?)"
    r"(?:_?\d+|_[a-z0-9_]+)?$|^(?:k|sk|rk|subk|kk)\d*$"
)


# names that mean a PRNG key even before the function hands them to jax.random
UNAMBIGUOUS_KEY_NAME = re.compile(r"(?:^|_)(?:rng|prng|subkey|rng_key|prng_key)\d*$")


def key_like_name(name: str) -> bool:
    return bool(KEY_NAME.match(name)) and name not in ("keys",)


def unambiguous_key_name(name: str) -> bool:
    """``rng``, ``dropout_rng``, ``prng_key``: unlike ``key``, never a dict key."""
    return bool(UNAMBIGUOUS_KEY_NAME.search(name))


def consumes(qualname: str | None) -> bool:
    """Whether passing a key to a call with this qualified name uses up its randomness."""
    if qualname is None:
        return True  # a method or an unresolved helper: passing a key is one use
    if qualname in NON_CONSUMING:
        return False
    if qualname.startswith("jax.random.") or qualname in LAX_CONSUMERS:
        return True
    if qualname.startswith("jax.lax."):
        return False
    return not qualname.startswith(NON_CONSUMING_PREFIXES)


def argument_names(value: cst.BaseExpression) -> list[cst.Name]:
    """Names passed directly, or inside a literal tuple/list/dict, as one argument."""
    if isinstance(value, cst.Name):
        return [value]
    if isinstance(value, (cst.Tuple, cst.List)):
        found: list[cst.Name] = []
        for element in value.elements:
            found.extend(argument_names(element.value))
        return found
    if isinstance(value, cst.Dict):
        found = []
        for element in value.elements:
            if isinstance(element, cst.DictElement):
                found.extend(argument_names(element.value))
        return found
    return []


def key_path(value: cst.BaseExpression) -> str | None:
    """``key``, ``self.key`` or ``rngs['dropout']``: where a key is kept, as text."""
    if isinstance(value, cst.Name):
        return value.value
    if isinstance(value, cst.Attribute):
        base = key_path(value.value)
        return f"{base}.{value.attr.value}" if base is not None else None
    if isinstance(value, cst.Subscript) and len(value.slice) == 1:
        index = value.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            base = key_path(value.value)
            if base is not None and isinstance(index.value.evaluated_value, str):
                return f"{base}[{index.value.evaluated_value!r}]"
    return None


def argument_paths(value: cst.BaseExpression) -> list[str]:
    """Like :func:`argument_names`, with attribute and dict-entry paths too."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [p for element in value.elements for p in argument_paths(element.value)]
    if isinstance(value, cst.Dict):
        return [p for element in value.elements if isinstance(element, cst.DictElement)
                for p in argument_paths(element.value)]
    path = key_path(value)
    return [path] if path is not None else []


@dataclass(frozen=True, slots=True)
class KeyState:
    consumed_by: cst.CSTNode | None = None
    # bound from a parameter (for lax loop bodies: a key carried through the loop)
    from_param: bool = False
    # `k2 = k1`: the name whose key this is (a loop that rebinds only k2 still reuses k1)
    alias_of: str | None = None
    # `rngs = {"params": key, "dropout": key}`: names and paths holding one key share a
    # token, and consuming the key through one of them consumes it for all
    shared: int | None = None
    # the other name of the same key through which it was consumed (`rngs['params']`)
    consumed_as: str | None = None


@dataclass(frozen=True)
class KeyReuse:
    """A key consumed again on a path where it was already consumed."""

    name: str
    node: cst.Call
    first: cst.CSTNode
    # the first use was through another name holding the same key (`rngs['params']`)
    first_as: str | None = None


@dataclass(frozen=True)
class KeyReuseInLoop:
    """A key consumed on every iteration of a loop without being split or rebound."""

    name: str
    node: cst.CSTNode
    loop: str  # "for", "while", or the lax primitive
    closed_over: bool = False
    carried: bool = False
    # one key for every leaf of a jax.tree.map ("leaf"), or every element of a jax.vmap
    # that broadcasts it with in_axes=None ("batch")
    per: str | None = None
    # the jax.random call that consumes the broadcast key inside the vmapped function
    consumed_by: cst.CSTNode | None = None
