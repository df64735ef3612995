"""Libraries that compute host values: their functions never return a JAX array, so given
only static arguments they return a static Python value (a path, a formatted text)."""

from __future__ import annotations

import sys

# Standard-library modules whose functions may call back into what they are given, or hand
# back the very objects passed (`functools.reduce(jnp.add, ...)`, `operator.getitem`,
# `copy.copy`), or that the analysis already knows name by name (builtins, math).
_CALLING_BACK = frozenset({"builtins", "functools", "itertools", "operator", "contextlib",
                           "math", "copy", "threading", "concurrent", "asyncio",
                           "multiprocessing", "typing", "dataclasses", "abc", "types"})
_HOST_MODULES = frozenset(sys.stdlib_module_names) - _CALLING_BACK

# Functions of JAX libraries that format or describe their argument as text.
HOST_VALUE_FUNCTIONS = frozenset({"flax.core.frozen_dict.pretty_repr", "flax.core.pretty_repr"})


def returns_host_value(qual: str) -> bool:
    """``os.path.join``, ``pprint.pformat``, ``flax.core.pretty_repr``: on static arguments,
    a static value (octo's and flaxmodels' trace-time messages)."""
    return qual in HOST_VALUE_FUNCTIONS or qual.split(".", 1)[0] in _HOST_MODULES
