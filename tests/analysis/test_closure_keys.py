"""Key parameters the closure a factory of another module returns never draws from
(module/gate_index.py, module/imported_keys.py): the defining module's summary names them,
the modules importing the factory get a seed, and a call of the closure keeps those keys."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.gate_index import CLOSURE_KEYS
from jaxpure.analysis.module.imported_keys import exported_closure_keys, undrawn_by_imported
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import ModuleSummary, propagate

INITS = """\
import jax
import jax.numpy as jnp

def linspace_init(start, end):
    def init_fn(key, shape, dtype=jnp.float32):
        return jnp.linspace(start, end, num=shape[0], dtype=dtype)
    return init_fn

def checked_init(value):
    def init_fn(shape, *, rng):
        assert rng.shape == (2,)
        return jnp.full(shape, value)
    return init_fn

def noise_init(scale):
    def init_fn(key, shape):
        return scale * jax.random.normal(key, shape)
    return init_fn

def either_init(flag):
    def a(key, shape):
        return jnp.zeros(shape)
    def b(key, shape):
        return jnp.ones(shape)
    return a if flag else b

def twice(value):
    def init_fn(key, shape):
        return jnp.zeros(shape)
    return init_fn

def twice(value):
    return None

class Inits:
    def make(self):
        def init_fn(key, shape):
            return jnp.zeros(shape)
        return init_fn
"""


def test_the_undrawn_key_parameters_of_returned_closures_with_their_positions() -> None:
    module = cst.parse_module(INITS)
    index = build_index(module, "pkg")
    # noise_init's closure draws; either_init returns one of two; `twice` is defined twice;
    # a method's closure is not another module's to call by name
    assert sorted(exported_closure_keys(Resolver(index), index)) == [
        ("checked_init", "rng", -1), ("linspace_init", "key", 0)]


def _summary(module: str, keys=(), reexports=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), tuple(reexports), closure_keys=tuple(keys))


def test_importers_are_seeded_with_every_undrawn_key_of_a_factory() -> None:
    modules = [
        _summary("pkg.init", [("pair_init", "key", 0), ("pair_init", "rng", -1)]),
        _summary("pkg", reexports=[("pair_init", "pkg.init.pair_init")]),
        _summary("pkg.test", reexports=[("pair_init", "pkg.pair_init")]),
        _summary("pkg.run", reexports=[("inits", "pkg.init")]),
    ]
    seeds = propagate({m.module: (m, m.module + ".py", m.module + ".py") for m in modules})
    told = {module: sorted((s.function, s.keywords) for s in found if s.via == CLOSURE_KEYS)
            for module, found in seeds.items()}
    both = [(("key", 0),), (("rng", -1),)]
    assert [keywords for _name, keywords in told["pkg.test"]] == both
    assert {name for name, _ in told["pkg.test"]} == {"pkg.pair_init"}
    assert {name for name, _ in told["pkg.run"]} == {"pkg.init.pair_init"}
    assert not told.get("pkg.init")


def test_summary_with_closure_keys_round_trips_and_the_cache_checks_them() -> None:
    from jaxpure import cache

    summary = _summary("pkg.init", [("linspace_init", "key", 0)])
    data = summary.to_json()
    assert ModuleSummary.from_json(data) == summary
    assert cache._decode_summary(data) is not None
    position = data.index([["linspace_init", "key", 0]])  # the closure keys' field
    for wrong in ([["linspace_init", "key", "0"]], [["linspace_init", "key"]], None):
        spoiled = list(data)
        spoiled[position] = wrong  # the same length: only the field's own check can refuse
        assert cache._decode_summary(spoiled) is None, wrong


CALLER = """\
import jax
from pkg.init import linspace_init, checked_init

init_fn = linspace_init(0.0, 1.0)

def run(key, other):
    local = linspace_init(0.0, 2.0)
    local(key, (2,))
    local(shape=(2,), key=key)
    linspace_init(0.0, 3.0)(key, (3,))
    init_fn(key, (4,))
    checked_init(1.0)((2,), rng=key)
    checked_init(1.0)((2,), key)
    other(key, (5,))
    rebound = linspace_init(0.0, 2.0)
    rebound = other
    rebound(key, (6,))
    local(*other)
"""


def test_a_call_of_the_closure_keeps_the_keys_it_never_draws_from() -> None:
    index = build_index(cst.parse_module(CALLER), "pkg.caller")
    resolver = Resolver(index)
    closures = {"pkg.init.linspace_init": (("key", 0),), "pkg.init.checked_init": (("rng", -1),)}
    unit = index.defs["run"]
    kept = []
    for call in unit.calls:
        ids = undrawn_by_imported({}, closures, resolver, index, call, None, unit)
        kept += [cst.Module([]).code_for_node(call) for arg in call.args if id(arg.value) in ids]
    assert kept == ["local(key, (2,))", "local(shape=(2,), key=key)",
                    "linspace_init(0.0, 3.0)(key, (3,))", "init_fn(key, (4,))",
                    "checked_init(1.0)((2,), rng=key)"]
