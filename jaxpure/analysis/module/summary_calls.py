"""The calls a module summary records (module/summary.py): to functions imported from other
modules, and through ``self`` to methods other modules may override."""

from __future__ import annotations

from dataclasses import dataclass

from jaxpure.analysis.module.receiver_calls import Truths, truths_from_json, truths_to_json


@dataclass(frozen=True)
class ExternalCall:
    """A call from a traced function of this module to a function imported from another."""

    callee: str  # fully qualified: "pkg.model.layers.dense"
    caller: str  # the calling function's name
    line: int  # where the caller is defined (1-based)
    via: str
    caching: str | None
    strict: str | None
    positional: tuple[int, ...]  # argument kinds, in order
    keywords: tuple[tuple[str, int], ...]
    stateful: bool = False
    # the arguments that are not None, by position or keyword (flow/given.py)
    given: tuple[int | str, ...] = ()
    # the arguments that are the jax.numpy module (`xnp=jnp`: module/module_params.py)
    jnp_args: tuple[int | str, ...] = ()
    # the arguments that are literals, by position or keyword, with their truth values
    # (`check=False`: flow/given.py)
    truths: Truths = ()
    # the caller is construction code, a linen setup's (module/construction.py)
    construction: bool = False
    # the arguments of no integer dtype (`labels=jax.nn.one_hot(...)`: flow/dtypes.py)
    non_integer: tuple[int | str, ...] = ()
    # the arguments that are the caller's own parameters, bare (gate_index.py's shape
    # parameters: whether the caller's parameter is a shape too)
    forwarded: tuple[int | str, ...] = ()

    def to_json(self) -> list:
        return [self.callee, self.caller, self.line, self.via, self.caching, self.strict,
                list(self.positional), [list(k) for k in self.keywords], self.stateful,
                list(self.given), list(self.jnp_args), truths_to_json(self.truths),
                self.construction, list(self.non_integer), list(self.forwarded)]

    @staticmethod
    def from_json(c: list) -> ExternalCall:
        # the later fields were added one by one: a shorter list leaves them at their defaults
        return ExternalCall(c[0], c[1], c[2], c[3], c[4], c[5], tuple(c[6]),
                            tuple((k[0], k[1]) for k in c[7]), c[8],
                            tuple(c[9]) if len(c) > 9 else (),
                            tuple(c[10]) if len(c) > 10 else (),
                            truths_from_json(c[11]) if len(c) > 11 else (),
                            bool(c[12]) if len(c) > 12 else False,
                            tuple(c[13]) if len(c) > 13 else (),
                            tuple(c[14]) if len(c) > 14 else ())


@dataclass(frozen=True)
class SelfCall:
    """``self.<method>(...)`` in a traced method of a class: overrides elsewhere are traced.
    With ``typed``, ``p.<method>(...)`` on a parameter annotated with the class ``owner``
    of another module: that class's method and the overrides are traced."""

    owner: str  # the class (of this module) whose method makes the call; typed: qualified
    method: str
    caller: str
    line: int
    via: str
    caching: str | None
    strict: str | None
    typed: bool = False

    def to_json(self) -> list:
        return [self.owner, self.method, self.caller, self.line, self.via, self.caching,
                self.strict, self.typed]

    @staticmethod
    def from_json(data: list) -> SelfCall:
        return SelfCall(*data)
