"""Keys a function only hands to a function parameter (module/handed_keys.py): the defining
module's summary names them, importers get a seed, and a call giving a function that draws
nothing from what it is handed keeps the key."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.gate_index import HANDED_KEYS
from jaxpure.analysis.module.handed_keys import exported_handed_keys, undrawn_by_imported_handed
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import ModuleSummary, propagate

DISCRETIZATION = """\
import jax

class Continuous:
    def __init__(self, params, get_fun):
        self.params = params

    @classmethod
    def from_function(cls, domain, init_fun, get_field, seed):
        params = init_fun(seed, domain)
        return cls(params, get_field)

    def method(self, init_fun, seed):
        return init_fun(seed)

def by_keyword(make, *, rng):
    assert rng.shape == (2,)
    return make(shape=(2,), key=rng)

def also_draws(init_fun, seed):
    jax.random.normal(seed)
    return init_fun(seed)

def two_functions(f, g, seed):
    return f(seed), g(seed)

def rebound(init_fun, seed):
    init_fun = jax.jit(init_fun)
    return init_fun(seed)
"""


def test_the_parameters_a_function_only_hands_to_a_function_parameter() -> None:
    index = build_index(cst.parse_module(DISCRETIZATION), "pkg")
    # any parameter handed on so is named (`domain` too: what it holds is the caller's to
    # know), not one given to `cls(...)`; a method of an instance is not called by name;
    # `also_draws` draws itself; two functions get the key in `two_functions`; `rebound`
    # rebinds its function parameter
    assert sorted(exported_handed_keys(Resolver(index), index)) == [
        ("Continuous.from_function", "domain", 0, "init_fun", 1, "", 1),
        ("Continuous.from_function", "seed", 3, "init_fun", 1, "", 0),
        ("by_keyword", "rng", -1, "make", 0, "key", -1)]


def _summary(module: str, handed=(), reexports=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), tuple(reexports), handed_keys=tuple(handed))


def test_importers_are_seeded_and_the_summary_round_trips() -> None:
    from jaxpure import cache

    handed = [("Continuous.from_function", "seed", 3, "init_fun", 1, "", 0)]
    modules = [_summary("pkg.discretization", handed),
               _summary("pkg.check", reexports=[("Continuous", "pkg.discretization.Continuous")])]
    seeds = propagate({m.module: (m, m.module + ".py", m.module + ".py") for m in modules})
    told = [(s.function, s.keywords) for s in seeds["pkg.check"] if s.via == HANDED_KEYS]
    assert told == [("pkg.discretization.Continuous.from_function",
                     (("seed", 3), ("init_fun", 1), ("", 0)))]
    data = modules[0].to_json()
    assert ModuleSummary.from_json(data) == modules[0]
    assert cache._decode_summary(data) is not None
    for wrong in ([["f", "seed", "3", "init_fun", 1, "", 0]], [["f", "seed"]], None):
        assert cache._decode_summary(data[:20] + [wrong]) is None, wrong


CALLER = """\
import jax
from pkg.discretization import Continuous

def init_params(seed, domain):
    return {"w": jax.random.normal(seed, (2,))}

first = Continuous.from_function(domain, init_params, f, seed)

def init_params(seed, domain):
    return {}

def unknown_arity(*args):
    return {}

ignored = Continuous.from_function(domain, init_params, f, seed)
by_lambda = Continuous.from_function(domain, lambda s, d: {}, f, seed)
drawing = Continuous.from_function(domain, lambda s, d: jax.random.split(s), f, seed)
unknown = Continuous.from_function(domain, other_init, f, seed)
spread = Continuous.from_function(domain, unknown_arity, f, seed)
"""


def test_a_call_keeps_the_key_the_function_it_gives_ignores() -> None:
    module = cst.parse_module(CALLER)
    index = build_index(module, "pkg.caller")
    resolver = Resolver(index, module=module)
    handed = {"pkg.discretization.Continuous.from_function": (
        ("seed", 3, "init_fun", 1, "", 0),)}
    kept = []
    for call in index.module_calls:
        qual = resolver.qualname(call.func, None)
        ids = undrawn_by_imported_handed(handed, resolver, index, call, qual, None)
        kept += [module.code_for_node(call) for arg in call.args if id(arg.value) in ids]
    # the first call gives the drawing `init_params`, the `def` in force there
    assert kept == ["Continuous.from_function(domain, init_params, f, seed)",
                    "Continuous.from_function(domain, lambda s, d: {}, f, seed)"]
