"""Parameters that hold the jax.numpy module: ``def convert(x, xnp=np)`` called
``convert(x, xnp=jnp)`` from traced code.

Code shared between an eager NumPy path and a traced one takes the array module as an
argument (multinerf's ray helpers, ``xnp: types.ModuleType = np``). Where every traced
call that reaches such a parameter binds it to jax.numpy (directly, or by passing on a
parameter of its own that holds it), ``xnp.stack(...)`` in the callee is
``jnp.stack(...)``: it computes traced arrays. A traced call that leaves the default
(``np``) or passes another module makes the parameter's module unknown.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import Seed
from jaxpure.analysis.module.traced import TracedAnalysis

JAX_NUMPY = "jax.numpy"
# modules a parameter can stand for; a value of another kind is no module
_MODULES = frozenset({JAX_NUMPY, "numpy", "jax.scipy", "scipy", "math"})

# what a traced call binds a parameter to: a module, a parameter of the caller passed on
# (id of the caller, its name), or None for anything else
Bound = str | tuple[int, str] | None


class ModuleParams:
    """For each function, its parameters traced callers bind to jax.numpy."""

    def __init__(self, index: ModuleIndex, resolver: Resolver, traced: TracedAnalysis,
                 seeds: Sequence[Seed] = ()) -> None:
        self._resolver = resolver
        # id(unit) -> parameter -> what traced calls bind it to
        self._bound: dict[int, dict[str, set[Bound]]] = {}
        for seed in seeds:
            callee = index.defs.get(seed.function)
            if seed.via and callee is not None:
                self._record_seed(seed, callee)
        for unit in index.units:
            if traced.is_traced(unit):
                for call in unit.calls:
                    callee = resolver.function(call.func, unit)
                    if callee is not None:
                        self._record(unit, call, callee)
        self.jnp_params = self._settle()

    def module_of(self, unit: Unit | None, name: str) -> str | None:
        """``jax.numpy`` when ``name`` read in ``unit`` is a parameter (of it or of an
        enclosing function) that every traced call binds to jax.numpy."""
        while unit is not None:
            if name in unit.param_names:
                # `xnp = np` in the body rebinds it: the walk's kinds know that, not this
                known = name in self.jnp_params.get(id(unit), ()) and not unit.assigned.get(name)
                return JAX_NUMPY if known else None
            if unit.binds(name):
                return None
            unit = unit.parent
        return None

    def _record(self, caller: Unit, call: cst.Call, callee: Unit) -> None:
        passed, spread = _passed(callee, call)
        bound = self._bound.setdefault(id(callee), {})
        for param in callee.params:
            value = passed.get(param.name)
            if param.star or value is None and (spread or param.default is None):
                continue  # not bound, or by a spread: nothing known
            bound.setdefault(param.name, set()).add(
                self._module_passed(caller, value if value is not None else param.default))

    def _record_seed(self, seed: Seed, callee: Unit) -> None:
        """A traced call from another module: the arguments it passes as jax.numpy, by
        position or keyword; any other it passes is no module known here."""
        bound = self._bound.setdefault(id(callee), {})
        keywords = {name for name, _kind in seed.keywords}
        positional = [p.name for p in callee.params if p.index >= 0 and not p.star]
        for param in callee.params:
            position = positional.index(param.name) if param.name in positional else -1
            if param.name in seed.jnp_args or position in seed.jnp_args and position >= 0:
                value: Bound = JAX_NUMPY
            elif param.name in keywords or 0 <= position < len(seed.positional):
                value = None
            elif param.default is not None and not param.star:
                value = self._module_passed(callee, param.default)
            else:
                continue
            bound.setdefault(param.name, set()).add(value)

    def _module_passed(self, caller: Unit, value: cst.BaseExpression | None) -> Bound:
        if value is None:
            return None
        if type(value) is cst.Name and value.value in caller.param_names:
            return (id(caller), value.value)
        qualified = self._resolver.qualname(value, caller)
        return qualified if qualified in _MODULES else None

    def _settle(self) -> dict[int, frozenset[str]]:
        """Parameters bound to jax.numpy, through parameters passed on, to a fixed point:
        each needs jax.numpy from one call at least, and from every other call jax.numpy
        or a parameter already known to hold it."""
        jnp: set[tuple[int, str]] = set()
        changed = True
        while changed:
            changed = False
            for unit_id, params in self._bound.items():
                for name, values in params.items():
                    # a recursive call passing the parameter on to itself adds nothing
                    if (unit_id, name) not in jnp and all(
                            value in (JAX_NUMPY, (unit_id, name)) or value in jnp
                            for value in values) and JAX_NUMPY in values | _held(values, jnp):
                        jnp.add((unit_id, name))
                        changed = True
        found: dict[int, set[str]] = {}
        for unit_id, name in jnp:
            found.setdefault(unit_id, set()).add(name)
        return {unit_id: frozenset(names) for unit_id, names in found.items()}


def _held(values: set[Bound], jnp: set[tuple[int, str]]) -> set[Bound]:
    """JAX_NUMPY when a value is a parameter known to hold it."""
    return {JAX_NUMPY} if any(value in jnp for value in values) else set()


def _passed(callee: Unit, call: cst.Call) -> tuple[dict[str, cst.BaseExpression], bool]:
    """Parameter name -> the argument, by keyword and by position up to a ``*``/``**``
    spread; and whether there is a spread (what it fills is not known)."""
    positional = [p for p in callee.params if p.index >= 0 and not p.star]
    if callee.parent_is_class and not callee.is_staticmethod and type(call.func) is cst.Attribute:
        positional = positional[1:]
    passed: dict[str, cst.BaseExpression] = {}
    position, spread = 0, False
    for arg in call.args:
        if arg.keyword is not None:
            passed[arg.keyword.value] = arg.value
        elif arg.star:
            spread = True
        elif not spread and position < len(positional):
            passed[positional[position].name] = arg.value
            position += 1
    return passed, spread


