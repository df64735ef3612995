"""The project's index of static field names (module/field_index.py): a field some class of
the project declares static and none declares a leaf is static when read on a traced
parameter of no known class (``cache: Any``) in another module (flow/members.py)."""

from __future__ import annotations

import textwrap

import libcst as cst
from harness import kind_at

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.annotations import unseen_class
from jaxpure.analysis.module.field_index import FIELD_NAMES, FieldNames
from jaxpure.analysis.module.field_markers import declared_leaf_fields, declared_static_fields
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import ModuleSummary, Seed, propagate
from jaxpure.analysis.pipeline import analyze


def _summary(module: str, static=(), data=(), read=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), (), field_names=FieldNames(
        tuple(static), tuple(data), tuple(read)))


def _project(*modules: ModuleSummary) -> dict[str, tuple[ModuleSummary, str, str]]:
    paths = {m.module: m.module.replace(".", "/") + ".py" for m in modules}
    return {m.module: (m, paths[m.module], paths[m.module]) for m in modules}


def _told(*modules: ModuleSummary) -> dict[str, list[tuple[str, str, list[str]]]]:
    seeds = propagate(_project(*modules))
    return {module: [(s.origin, s.source, [name for name, _kind in s.keywords])
                     for s in found if s.via == FIELD_NAMES]
            for module, found in seeds.items()
            if any(s.via == FIELD_NAMES for s in found)}


def test_field_names_round_trip_through_json_and_the_cache_checks_them() -> None:
    from jaxpure import cache

    summary = _summary("serve.utils", ["time_axis"], ["k"], ["time_axis", "k"])
    data = summary.to_json()
    assert ModuleSummary.from_json(data) == summary
    assert cache._decode_summary(data) is not None
    for wrong in ([["time_axis"], ["k"]], [["time_axis"], [1], []], None):
        assert cache._decode_summary(data[:14] + [wrong]) is None, wrong


def test_a_module_reading_a_name_static_in_the_project_and_never_a_leaf_is_told() -> None:
    told = _told(_summary("serve.utils", read=["time_axis", "page_size", "k"]),
                 _summary("llama.model", static=["time_axis", "page_size"], data=["k"]),
                 _summary("gemma.model", static=["time_axis", "sizes"], data=["k", "v"]))
    # one seed per module declaring the names (the first by name), its file the source
    assert told == {"serve.utils": [("gemma/model.py", "gemma/model.py", ["time_axis"]),
                                    ("llama/model.py", "llama/model.py", ["page_size"])]}


def test_a_name_that_is_a_leaf_of_any_class_of_the_project_is_not_told() -> None:
    told = _told(_summary("serve.utils", read=["window"]),
                 _summary("llama.model", static=["window"]),
                 _summary("llama.masks", data=["window"]))
    assert told == {}


def test_nothing_is_told_to_a_module_that_reads_nothing_or_declares_the_name_itself() -> None:
    assert _told(_summary("serve.utils"), _summary("llama.model", static=["time_axis"])) == {}
    assert _told(_summary("llama.model", static=["time_axis"], read=["time_axis"])) == {}


SOURCE = """\
import dataclasses
import typing
from typing import Any, ClassVar, NamedTuple, Optional
import jax
import equinox as eqx

PyTree, KVCache = Any, Any
Paged = Any
Paged = Any
Cache = KVCache
Spec = int

@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Buffers:
    k: jax.Array
    time_axis: int = dataclasses.field(default=2, metadata=dict(static=True))
    limit: ClassVar[int] = 4

@dataclasses.dataclass
class Serving:
    decode_steps: int = 10

@jax.tree_util.register_static
@dataclasses.dataclass
class Config:
    width: int = 8

class Point(NamedTuple):
    x: jax.Array

class Layer(eqx.Module):
    weight: jax.Array
    act: str = eqx.field(static=True)

@dataclasses.dataclass
class Input:
    pixels: jax.Array
    counts: list

jax.tree_util.register_dataclass(Input, data_fields=["pixels"], meta_fields=["counts"])

@jax.tree_util.register_pytree_node_class
class Stats:
    def __init__(self, seen, label):
        self.seen = seen
        self.label = label

    def tree_flatten(self):
        return (self.seen,), self.label
"""


def _module_parts():
    module = cst.parse_module(SOURCE)
    index = build_index(module, None)
    return module, index, Resolver(index)


def test_the_leaves_a_module_declares_and_the_static_fields_beside_them() -> None:
    module, index, resolver = _module_parts()
    static = declared_static_fields(module, index, resolver)
    assert {"time_axis", "limit", "width", "act", "counts"} <= static
    leaves = declared_leaf_fields(module, index, resolver, static)
    # a plain dataclass is no pytree; a register_static class has no leaves
    assert leaves == {"k", "x", "weight", "pixels", "seen"}


def test_what_says_nothing_of_a_value_s_class() -> None:
    module, index, resolver = _module_parts()
    # every expression kept alive to the end: the resolver memoises answers by node id, and
    # a freed node's id may be given to the next one parsed (as in a module, nodes live on)
    says_nothing = [(text, cst.parse_expression(text) if text else None) for text in (
        None, "Any", "typing.Any", "KVCache", "PyTree", "Paged", "Cache", "Optional[KVCache]",
        "KVCache | None")]
    says_something = [(text, cst.parse_expression(text)) for text in (
        "Buffers", "jax.Array", "Spec", "'KVCache'", "list[Any]", "RemoteCache")]
    for text, annotation in says_nothing:
        assert unseen_class(annotation, module, index, resolver), text
    for text, annotation in says_something:
        assert not unseen_class(annotation, module, index, resolver), text


READER = textwrap.dedent("""\
    from typing import Any
    import jax
    KVCache = Any

    @jax.jit
    def get(cache: KVCache, state, buffers: Buffers, x):
        a = cache.time_axis
        b = state.step
        c = buffers.time_axis
        return jax.tree.map(lambda y: y.sum(axis=cache.time_axis), x)
    """)
SEED = Seed("", FIELD_NAMES, None, None, "llama/model.py", (), (("time_axis", L.STATIC),
                                                                 ("step", L.STATIC)),
            False, "llama/model.py")


def test_a_seeded_name_read_on_a_parameter_of_no_known_class_is_static() -> None:
    assert kind_at(READER, "cache.time_axis") == L.TRACED
    assert kind_at(READER, "cache.time_axis", seeds=[SEED]) == L.STATIC
    assert kind_at(READER, "cache.time_axis", 1, seeds=[SEED]) == L.STATIC  # in a lambda
    # a class named (even one not seen here), and a library pytree's leaf name: not taken
    assert kind_at(READER, "buffers.time_axis", seeds=[SEED]) == L.TRACED
    assert kind_at(READER, "state.step", seeds=[SEED]) == L.TRACED


def test_the_names_read_so_are_recorded_for_the_summary_whatever_the_seeds_say() -> None:
    for seeds in (None, [SEED]):
        ctx = analyze(cst.parse_module(READER), {}, seeds=seeds)
        assert ctx.facts.unseen_class_reads == {"time_axis"}
