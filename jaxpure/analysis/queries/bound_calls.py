"""Where the results of some calls are kept: the names and ``self`` attributes assigned
them (``step = jax.jit(update, static_argnums=1)``, ``self._step = jax.jit(...)``), read
from the bindings the module facts already hold (no walk of their own)."""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

import libcst as cst

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

# (id of the scope that binds the name, None at module level; the name) -> the call
NameBindings = dict[tuple[int | None, str], cst.Call]
# (class, attribute) -> the call
AttributeBindings = dict[tuple[str, str], cst.Call]


def names_bound_to(ctx: Context, calls: Container[int]) -> tuple[NameBindings, AttributeBindings]:
    """The names (by scope) and the ``self.<attribute>`` of a class's methods bound to one
    of ``calls`` (their ids)."""
    names: NameBindings = {}
    for name, bindings in ctx.index.bindings.items():
        for binding in bindings:
            if type(binding.value) is cst.Call and id(binding.value) in calls:
                names[(None, name)] = binding.value
    for unit in ctx.index.units:
        for name, values in ctx.facts.unit_bindings(unit).items():
            for value in values:
                if type(value) is cst.Call and id(value) in calls:
                    # `global step; step = jax.jit(...)` binds the module's name
                    names[(None if name in unit.declared_global else id(unit), name)] = value
    attributes: AttributeBindings = {}
    for key, stored in ctx.index.self_stores.items():
        for value in stored:
            if type(value) is cst.Call and id(value) in calls:
                attributes[key] = value
    return names, attributes
