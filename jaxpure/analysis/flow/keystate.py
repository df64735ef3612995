"""The state of one PRNG key on a path, and the events the key rules report.

EVENTS names the event classes rules may handle as ``visit_<Event>`` (the engine looks
them up here).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import libcst as cst


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
    # the loop (its node's id) inside which `k2 = k1` was written; a copy made before the
    # loop and then split in it (`k = key; for ...: k, sub = split(k)`) is fresh each time
    alias_loop: int | None = None
    # the local names the result of the draw that consumed the key went to, none of them
    # read since (empty: the result was thrown away); None: read, or kept some other way
    unread: frozenset[str] | None = None
    # the draws that consumed the key on the other exclusive paths joined into this one
    # (`if m == "a": normal(key)`, `elif m == "b": uniform(key)`): each is a draw of its own
    elsewhere: tuple[cst.CSTNode, ...] = ()


# tokens naming one key held under several names or paths (KeyState.shared)
SHARED_KEYS = itertools.count()


def joined_unread(mine: KeyState, other: KeyState) -> frozenset[str] | None:
    """The names holding an unread result of the draw that consumed a key, after a join
    with a path where it was consumed too: none if that path read it or drew elsewhere."""
    if other.consumed_by is not mine.consumed_by or mine.unread is None or other.unread is None:
        return None
    return mine.unread | other.unread


def joined_draws(mine: KeyState, other: KeyState) -> tuple[cst.CSTNode, ...]:
    """The draws that consumed a key on exclusive paths other than ``mine``'s own, once
    joined with ``other``, where the key was consumed too."""
    found: list[cst.CSTNode] = []
    for node in (*mine.elsewhere, other.consumed_by, *other.elsewhere):
        if node is not None and node is not mine.consumed_by and all(node is not f for f in found):
            found.append(node)
    return tuple(found)


@dataclass(frozen=True)
class KeyReuse:
    """A key consumed again on a path where it was already consumed."""

    name: str
    node: cst.Call | cst.Name
    first: cst.CSTNode
    # the first use was through another name holding the same key (`rngs['params']`)
    first_as: str | None = None
    # `return state, key` with `key` spent: the caller's next split or draw is the reuse
    returned: bool = False
    # `init(key, x, key)`: one call given the key twice (`first` is the other argument)
    given_twice: bool = False


@dataclass(frozen=True)
class KeyReuseInLoop:
    """A key consumed on every iteration of a loop without being split or rebound."""

    name: str
    node: cst.CSTNode
    loop: str  # "for", "while", or the lax primitive
    closed_over: bool = False
    carried: bool = False
    # one key for every leaf of a jax.tree.map ("leaf"), or every element of a jax.vmap
    # that broadcasts it with in_axes=None ("batch") or gets it bound by partial ("bound")
    per: str | None = None
    # the jax.random call that consumes the broadcast key inside the vmapped function
    consumed_by: cst.CSTNode | None = None
    # the loop rebinds the key (`key, sub = split(key)`) but then draws from `key` itself,
    # which the next iteration derives keys from again
    drawn_after_split: bool = False


EVENTS: dict[str, type] = {cls.__name__: cls for cls in (KeyReuse, KeyReuseInLoop)}
