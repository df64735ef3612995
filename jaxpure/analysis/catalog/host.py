"""Libraries that compute host values: their functions never return a JAX array, so given
only static arguments they return a static Python value (a path, a formatted text); and
SciPy, whose functions return a host value whatever they are given."""

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
# itertools functions that call nothing back: they hand back the elements they are given,
# so on static arguments their elements are static too (dks's starting points,
# `list(itertools.product(*always_try))` over constant tuples)
_ITERTOOLS_HANDING_BACK = frozenset(f"itertools.{name}" for name in (
    "product", "permutations", "combinations", "combinations_with_replacement", "chain",
    "chain.from_iterable", "islice", "zip_longest", "repeat", "cycle", "pairwise", "count"))
# NumPy as autograd wraps it (`from autograd import numpy as np`): on Python values, NumPy's
# results (dks's `np.sqrt(2.0 / (1.0 + negative_slope**2))`)
_HOST_PREFIXES = ("autograd.numpy.",)


def returns_host_value(qual: str) -> bool:
    """``os.path.join``, ``pprint.pformat``, ``flax.core.pretty_repr``: on static arguments,
    a static value (octo's and flaxmodels' trace-time messages)."""
    return qual in HOST_VALUE_FUNCTIONS or qual in _ITERTOOLS_HANDING_BACK \
        or qual.split(".", 1)[0] in _HOST_MODULES \
        or qual.startswith(_HOST_PREFIXES)


# Libraries that compute on the host only: SciPy converts what it is given to NumPy (a
# tracer raises there) and calls back only with NumPy values, so what it returns is a Python
# or NumPy value even when its arguments are of unknown kind (jax.scipy is JAX's own).
_HOST_ONLY = ("scipy.",)


def computes_on_host(qual: str) -> bool:
    """``scipy.optimize.brentq(f, 0.0, 10.0)``, ``scipy.integrate.fixed_quad(g, a, b)``: a
    host value unless a traced argument makes the call fail (dks's activation solver)."""
    return qual.startswith(_HOST_ONLY)
