"""Keys another module's functions draw from only under a flag (module/gate_index.py): the
summary of the defining module names them, the modules importing them get a seed, and a
call passing ``False`` for the flag leaves its key undrawn (module/flag_gates.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.flag_gates import exported_key_gates, undrawn_by_imported_gate
from jaxpure.analysis.module.gate_index import KEY_GATES
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import ModuleSummary, propagate

PIPELINE = """\
import jax
import jax.numpy as jnp

class Batches:
    def __init__(self, n, train=True, key=None):
        self.train = train
        self.key = key
        self.n = n

    def reset(self):
        if self.train:
            self.order = jax.random.permutation(self.key, self.n)

def make_iter(key, n, *, train=True):
    return Batches(n, train, key)

def noisy(key, n, flag=True):
    return jax.random.normal(key, (n,))

def helper(key, n, train=True):
    return make_iter(key, n, train=train)

def helper(key, n, train=True):
    return None
"""


def test_the_gates_of_functions_and_classes_with_their_positions() -> None:
    module = cst.parse_module(PIPELINE)
    index = build_index(module, "pkg")
    gates = exported_key_gates(Resolver(index), index)
    # `train` is keyword-only in make_iter (-1); `helper` is defined twice: neither is kept;
    # `noisy` draws whatever its flag
    assert sorted(gates) == [("Batches", "key", 2, "train", 1),
                             ("make_iter", "key", 0, "train", -1)]


def _summary(module: str, gates=(), reexports=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), tuple(reexports), key_gates=tuple(gates))


def test_importers_are_seeded_through_re_exports_and_module_imports() -> None:
    modules = [
        _summary("pkg.pipeline", [("make_iter", "key", 0, "train", -1)]),
        _summary("pkg", reexports=[("make_iter", "pkg.pipeline.make_iter")]),
        _summary("pkg.trainer", reexports=[("make_iter", "pkg.pipeline.make_iter")]),
        _summary("pkg.apply", reexports=[("make_iter", "pkg.make_iter")]),
        _summary("pkg.run", reexports=[("pp", "pkg.pipeline")]),
        _summary("pkg.other", reexports=[("Batches", "pkg.pipeline.Batches")]),
    ]
    paths = {m.module: m.module.replace(".", "/") + ".py" for m in modules}
    seeds = propagate({m.module: (m, paths[m.module], paths[m.module]) for m in modules})
    told = {module: sorted((s.function, s.keywords, s.source) for s in found if s.via == KEY_GATES)
            for module, found in seeds.items()}
    keywords = (("key", 0), ("train", -1))
    assert told.get("pkg.trainer") == [("pkg.pipeline.make_iter", keywords, "pkg/pipeline.py")]
    assert told.get("pkg.apply") == [("pkg.make_iter", keywords, "pkg/pipeline.py")]
    assert told.get("pkg.run") == [("pkg.pipeline.make_iter", keywords, "pkg/pipeline.py")]
    assert not told.get("pkg.other") and not told.get("pkg.pipeline")


def test_summary_with_gates_round_trips_through_json_and_the_cache_checks_them() -> None:
    from jaxpure import cache

    summary = _summary("pkg.pipeline", [("Batches", "key", 2, "train", 1)])
    data = summary.to_json()
    assert ModuleSummary.from_json(data) == summary
    assert cache._decode_summary(data) is not None
    for wrong in ([["Batches", "key", "2", "train", 1]], [["Batches", "key", 2]], None):
        assert cache._decode_summary(data[:17] + [wrong] + data[18:]) is None, wrong


def test_a_call_passing_false_for_the_flag_leaves_the_key_undrawn() -> None:
    gates = {"pkg.make_iter": ("key", 0, "train", 2)}

    def undrawn(text: str) -> list[str]:
        call = cst.parse_expression(text)
        assert type(call) is cst.Call
        kept = undrawn_by_imported_gate(gates, call, "pkg.make_iter")
        return [cst.Module([]).code_for_node(a.value) for a in call.args if id(a.value) in kept]

    assert undrawn("make_iter(k, n, False)") == ["k"]
    assert undrawn("make_iter(n=4, train=False, key=k)") == ["k"]
    assert undrawn("make_iter(k, n, True)") == []
    assert undrawn("make_iter(k, n, train=flag)") == []
    assert undrawn("make_iter(k, n)") == []
    assert undrawn("make_iter(*args, train=False)") == []
