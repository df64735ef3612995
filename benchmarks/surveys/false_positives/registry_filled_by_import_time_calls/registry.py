# Project: epignatelli/navix navix/environments/registry.py:27 and :45; JXP101 "Module global
#   `_ENVS_REGISTRY` is mutated in place elsewhere in the module; jax.jit (called from `make`)
#   keeps its trace-time value".
# What the code does: `_ENVS_REGISTRY` maps names to environment constructors. It is filled
#   by `register_env(...)` calls at module level of the environment modules, which the
#   package's __init__ imports; `make(name)` reads it, also inside jitted functions.
# Why it is false: every registration runs at import time, before any function can be
#   traced; each trace reads the complete registry, and nothing changes it afterwards.
# What the analysis would need: an in-place change made by a function (register_env) that
#   is only called from module level of modules imported by the package (import time)
#   happens before the first trace; today only module-level mutations in module order are
#   understood (global_filled_before_first_trace), a mutation inside a function is always
#   taken as a later change.
# Left untaught (twentieth set, lead): the registrar is public and called at module level
#   of other modules; the summaries do not say where a function is called from, and a
#   registrar called after a trace would make it stale.
_ENVS_REGISTRY = {}


def registry():
    return _ENVS_REGISTRY


def register_env(name, ctor):
    _ENVS_REGISTRY[name] = ctor


def make(name, size=3):
    if name not in registry():
        raise NotImplementedError(name)
    return _ENVS_REGISTRY[name](size)
