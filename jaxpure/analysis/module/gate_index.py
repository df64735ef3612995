"""Keys another module's functions draw from only under a flag, carried in the module
summaries: plain data, JSON-able, no libcst (the prefilter loads summary.py).

scico's ``create_input_iter(key, dataset, ..., train=True)`` hands its key to an iterator
that draws from it only under ``if self.train:`` (module/flag_gates.py); its trainer, in
another module, builds the training iterator and the evaluation one from the same key,
the second with ``train=False``. Within one module the caller reads the callee; across
modules each summary says, for its module-level functions and classes, which key
parameter is drawn from only under which flag parameter (a *key gate*), and each module
that imports one of them gets a seed naming it as that module names it
(``scico.flax.create_input_iter``, re-exported by the package). A module whose functions
take no key under a flag carries nothing and seeds nobody.

The same way, a summary names the key parameters of the closures its module-level
factories return that the closure never draws from (a *closure key*): xlstm-jax's
``bias_linspace_init(start, end)`` returns ``init_fn(key, shape, dtype)``, which fills a
``linspace`` and never reads its key, so a test calling the returned ``init_fn`` with one
key for several shapes draws nothing twice (module/imported_keys.py judges the calls).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol, TypeVar

from jaxpure.analysis.module.class_closure import aliased
from jaxpure.analysis.lattice import STATIC

# (the function, the class whose call runs ``__init__``, or ``Class().method`` for a method
# an instance of the class runs; the key parameter, its position among the positional
# parameters (after ``self`` for a class or method; -1 keyword-only); the flag parameter
# (``=`` before it: off when left at its default; ``!``: off when true; ``?``: its default
# turns it off: module/default_gates.py), its position)
KeyGate = tuple[str, str, int, str, int]

# The ``via`` of a seed that names a function the module imports (``function``, qualified
# as the module names it) whose key is drawn from only under a flag: ``keywords`` the key
# parameter and the flag, each with its position; not a trace
KEY_GATES = "key drawn under a flag"

# (a module-level function that always returns one function it defines; a key parameter of
# that closure the closure never draws from, its position among the closure's positional
# parameters, -1 keyword-only)
ClosureKey = tuple[str, str, int]

# The ``via`` of a seed that names a factory the module imports (qualified as the module
# names it): ``keywords`` the closure's undrawn key parameters, each with its position
CLOSURE_KEYS = "key ignored by the returned closure"

# (a module-level function, or a class or static method as ``Class.method``, that only hands
# a parameter to a function parameter it calls; that parameter, its position among the
# positional parameters (after ``cls`` for a class method; -1 keyword-only); the function
# parameter, its position; where the first goes in the call of the second: a keyword, or ""
# and a position among the positional arguments: module/handed_keys.py)
HandedKey = tuple[str, str, int, str, int, str, int]

# The ``via`` of a seed that names such a function the module imports (qualified as it
# names it): ``keywords`` the parameter, the function parameter and where, each with its
# position (a keyword's -1)
HANDED_KEYS = "key handed to a function parameter"

# a handed key as an importer holds it, by the function's qualified name: (the parameter,
# its position, the function parameter, its position, a keyword or "", a position)
ImportedHandoff = tuple[str, int, str, int, str, int]

# (a module-level function that scans its body parameter over its xs parameter, handing
# each element to the body alone; the body parameter; the xs parameter: scan_wrappers.py)
ScanWrapper = tuple[str, str, str]

# The ``via`` of a seed that names a scan wrapper the module imports (qualified as it
# names it)
SCAN_WRAPPERS = "scan wrapper"

# (a module-level function whose returns are Python values when these parameters are,
# whatever the others hold; their positions among the positional parameters, -1
# keyword-only: flow/exported_returns.py)
StaticReturn = tuple[str, tuple[str, ...], tuple[int, ...]]

# The ``via`` of a seed that names such a function the module imports and calls with Python
# values for those parameters (qualified as it names it): ``keywords`` the parameters, each
# with its position
STATIC_RETURNS = "returns Python values"

# (a module-level function another module's traced code calls; the parameters it uses as
# shapes or sizes, directly or through the functions it calls; their positions among the
# positional parameters, -1 keyword-only: module/contracts.py's shape_parameters)
ShapeParameters = tuple[str, tuple[str, ...], tuple[int, ...]]

# The ``via`` of a seed that names such a function the module imports and hands its own
# parameters to, at those places (qualified as it names it): ``keywords`` the parameters,
# each with its position
SHAPE_PARAMETERS = "parameters used as shapes"

# The ``via`` of a seed asking the module defining ``function`` which of its parameters it
# uses as shapes: a traced call of another module hands it that module's own parameters.
# Made with the call's trace seed, so the answer costs no round of its own, and only then:
# a function no call hands a parameter is not read for it
SHAPE_ASK = "shape parameters asked"

# (a module-level function, ``Class().method`` or ``factory().method`` for a method an
# instance runs; a key parameter it never draws from, its position among the positional
# parameters, after ``self`` for a method, -1 keyword-only: module/undrawn_keys.py)
UndrawnKey = tuple[str, str, int]

# The ``via`` of a seed that names such a function or method the module imports (qualified
# as it names it): ``keywords`` the undrawn key parameter with its position
UNDRAWN_KEYS = "key never drawn by the callee"

_Fact = TypeVar("_Fact", KeyGate, ClosureKey, ScanWrapper, HandedKey, StaticReturn, UndrawnKey)


class _CallKinds(Protocol):
    """What :func:`static_return_targets` reads of a summary's external call."""

    @property
    def callee(self) -> str: ...

    @property
    def positional(self) -> tuple[int, ...]: ...

    @property
    def keywords(self) -> tuple[tuple[str, int], ...]: ...

    @property
    def forwarded(self) -> tuple[int | str, ...]: ...


class HasKeyGates(Protocol):
    """What :func:`key_gate_targets` reads of a module summary (summary.py imports this
    module, so it names the fields it needs instead of the class)."""

    @property
    def key_gates(self) -> tuple[KeyGate, ...]: ...

    @property
    def closure_keys(self) -> tuple[ClosureKey, ...]: ...

    @property
    def scan_wrappers(self) -> tuple[ScanWrapper, ...]: ...

    @property
    def handed_keys(self) -> tuple[HandedKey, ...]: ...

    @property
    def undrawn_keys(self) -> tuple[UndrawnKey, ...]: ...

    @property
    def static_returns(self) -> tuple[StaticReturn, ...]: ...

    @property
    def shape_parameters(self) -> tuple[ShapeParameters, ...]: ...

    @property
    def calls(self) -> Sequence[_CallKinds]: ...

    @property
    def reexports(self) -> tuple[tuple[str, str], ...]: ...


def key_gate_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                     aliases: Mapping[str, str]
                     ) -> Iterator[tuple[str, str, str, str, KeyGate]]:
    """(importing module, the gated name as it imports it, the defining module's path, its
    relpath, the gate) for each gated function or class a module imports, directly, through
    a re-export (``from scico.flax import create_input_iter``) or as a member of a module it
    imports (``import pkg.pipeline as pp``)."""
    return _imported(summaries, aliases, lambda summary: summary.key_gates)


def closure_key_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                        aliases: Mapping[str, str]
                        ) -> Iterator[tuple[str, str, str, str, ClosureKey]]:
    """(importing module, the factory as it imports it, the defining module's path, its
    relpath, the closure key) for each factory a module imports whose closure ignores a key
    parameter, as :func:`key_gate_targets` finds them."""
    return _imported(summaries, aliases, lambda summary: summary.closure_keys)


def scan_wrapper_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                         aliases: Mapping[str, str]
                         ) -> Iterator[tuple[str, str, str, str, ScanWrapper]]:
    """(importing module, the scan wrapper as it imports it, the defining module's path, its
    relpath, the wrapper) for each scan wrapper a module imports."""
    return _imported(summaries, aliases, lambda summary: summary.scan_wrappers)


def handed_key_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                       aliases: Mapping[str, str]
                       ) -> Iterator[tuple[str, str, str, str, HandedKey]]:
    """(importing module, the function as it imports it, the defining module's path, its
    relpath, the handed key) for each function a module imports that only hands a parameter
    to a function parameter, as :func:`key_gate_targets` finds them."""
    return _imported(summaries, aliases, lambda summary: summary.handed_keys)


def undrawn_key_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                        aliases: Mapping[str, str]
                        ) -> Iterator[tuple[str, str, str, str, UndrawnKey]]:
    """(importing module, the function or method as it imports it, the defining module's
    path, its relpath, the undrawn key) for each it imports, as :func:`key_gate_targets`."""
    return _imported(summaries, aliases, lambda summary: summary.undrawn_keys)


def static_return_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                          aliases: Mapping[str, str]
                          ) -> Iterator[tuple[str, str, str, str, tuple[tuple[str, int], ...]]]:
    """(importing module, the function as it imports it, the defining module's path, its
    relpath, the parameters that count with their positions) for each function returning
    Python values that a traced function of the importing module calls with Python values
    for those (as the summary's calls show the arguments' kinds): a module calling none of
    them, or not so, is not analysed again for them."""
    for module, name, path, relpath, fact in _imported(summaries, aliases,
                                                       lambda summary: summary.static_returns):
        if any(call.callee == name and _static_for(call, fact) for call in summaries[module][0].calls):
            yield module, name, path, relpath, tuple(zip(fact[1], fact[2]))


def _static_for(call: _CallKinds, fact: StaticReturn) -> bool:
    """The call passes a Python value for each of the fact's parameters (one it leaves out
    has a default that is one, flow/exported_returns.py)."""
    keywords = dict(call.keywords)
    for name, position in zip(fact[1], fact[2]):
        kind = call.positional[position] if 0 <= position < len(call.positional) \
            else keywords.get(name, STATIC)
        if kind != STATIC:
            return False
    return True


def shape_parameter_targets(summaries: Mapping[str, tuple[HasKeyGates, str, str]],
                            aliases: Mapping[str, str]
                            ) -> Iterator[tuple[str, str, str, str, tuple[tuple[str, int], ...]]]:
    """(importing module, the function as it imports it, the defining module's path, its
    relpath, the shape parameters with their positions) for each function using parameters
    as shapes that a traced function of the importing module hands one of its own
    parameters at such a place (``extend_and_repeat(obs, 1, repeat)`` in a model's
    ``__call__``): whether the caller's parameter is a shape too is read there. The
    arguments that count are the caller's parameters by their form, not by their kinds,
    which the seed itself may change: a module calling none so is not analysed again."""
    for module, name, path, relpath, fact in _imported(summaries, aliases,
                                                       lambda summary: summary.shape_parameters):
        places = set(fact[1]) | {at for at in fact[2] if at >= 0}
        if any(call.callee == name and places.intersection(call.forwarded)
               for call in summaries[module][0].calls):
            yield module, name, path, relpath, tuple(zip(fact[1], fact[2]))


def _imported(summaries: Mapping[str, tuple[HasKeyGates, str, str]], aliases: Mapping[str, str],
              facts: Callable[[HasKeyGates], tuple[_Fact, ...]]
              ) -> Iterator[tuple[str, str, str, str, _Fact]]:
    """(importing module, the name as it imports it, path, relpath, the fact) for each fact
    (naming a function of its module first) a module imports, directly, re-exported or as
    a member of a module it imports."""
    defined: dict[str, list[tuple[str, str, _Fact]]] = {}  # a factory may have several
    for name, (summary, path, relpath) in summaries.items():
        for fact in facts(summary):
            defined.setdefault(f"{name}.{fact[0]}", []).append((path, relpath, fact))
    if not defined:
        return
    names = dict(defined)
    for alias in aliases:  # every name that re-exports a gated one
        target = aliased(aliases, alias)
        if target in defined:
            names[alias] = defined[target]
    for module, (summary, _path, _relpath) in summaries.items():
        for _alias, target in summary.reexports:
            for name, found in names.items():
                # (`pkg.Dataset().load`: a method called on an instance of the class)
                if (name == target or name.startswith((target + ".", target + "()."))) \
                        and not name.startswith(module + "."):
                    for path, relpath, fact in found:
                        yield module, name, path, relpath, fact


def gate_from_keywords(keywords: tuple[tuple[str, int], ...]) -> tuple[str, int, str, int] | None:
    """The key parameter and the flag, with their positions, that a seed's ``keywords``
    carry (``((key, position), (flag, position))``); None for anything else."""
    if len(keywords) != 2:
        return None
    (key, key_at), (flag, flag_at) = keywords
    return key, key_at, flag, flag_at
