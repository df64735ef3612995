"""A module summary's JSON form is one table (analysis/module/summary_fields.py): the
dataclass, the encoding, the decoding and the cache's checks all follow it."""

from __future__ import annotations

from dataclasses import MISSING, fields

from jaxpure import cache
from jaxpure.analysis.module.field_index import FieldNames
from jaxpure.analysis.module.key_source_index import KeySources
from jaxpure.analysis.module.layout_calls import LayoutCall
from jaxpure.analysis.module.receiver_calls import ReceiverCall
from jaxpure.analysis.module.summary import ExternalCall, ModuleSummary, Seed, SelfCall
from jaxpure.analysis.module.summary_fields import SEED_FIELDS, SUMMARY_FIELDS

# The positions caches of SCHEMA 4 hold: a reordering would make every entry a miss or,
# worse, decode one field as another. New fields go after these.
CACHED_POSITIONS = (
    "module", "functions", "calls", "reexports", "classes", "self_calls", "imports_jax",
    "wrappers", "static_members", "receiver_calls", "nnx_runs", "class_conditions",
    "class_fields", "layout_calls", "field_names", "entry_asks", "entry_answers", "key_gates",
    "closure_keys", "scan_wrappers", "handed_keys", "aux_decorators", "container_fields",
    "tracer_tests", "static_returns", "key_sources", "shape_parameters", "undrawn_keys",
)

# every field set, none at its default
FULL = ModuleSummary(
    "pkg.model", frozenset({"dense", "apply"}),
    (ExternalCall("pkg.layers.norm", "apply", 3, "jax.jit", "cache", "strict", (1, 0),
                  (("scale", 0),), True, (0, "scale"), ("xnp",), ((1, True),), True, (2,),
                  (0,)),),
    reexports=(("norm", "pkg.layers.norm"),),
    classes=(("Model", ("flax.linen.Module",), ("__call__", "setup")),),
    self_calls=(SelfCall("Model", "encode", "__call__", 9, "jax.jit", None, None, True),),
    imports_jax=True,
    wrappers=(("staged", "jax.jit", ("static_argnums",)),),
    static_members=(("Model", ("features",)),),
    receiver_calls=(ReceiverCall("update", "apply", 12, "jax.jit", None, "strict",
                                 "pkg.state.State", ((0, False),)),),
    nnx_runs=(("run", 14, "flax.nnx.jit"),),
    class_conditions=(("Model", (("size", (("pkg.layers.Dense", "pkg/layers.py"),)),)),),
    class_fields=(("Model", (("dense", "pkg.layers.Dense"),)),),
    layout_calls=(LayoutCall("pkg.layers.norm", "apply", 3, False,
                             ((0, ((("w",), 1),)), ("scale", None))),),
    field_names=FieldNames(("features",), ("w",), ("size",), ("features",), ("field",)),
    entry_asks=(("State", "get", 0, "rng"),),
    entry_answers=(("State", "get", "key", "rng", "drawn"),),
    key_gates=(("apply", "key", 1, "train", 2),),
    closure_keys=(("make_step", "key", 0),),
    scan_wrappers=(("scan", "body", "xs"),),
    handed_keys=(("apply", "key", 1, "fn", 2, "rng", 0),),
    aux_decorators=(("register", (("aux", 1), ("name", 0))),),
    container_fields=(("Model", ("cache",)),),
    tracer_tests=("is_tracer",),
    static_returns=(("num_layers", ("config",), (0,)),),
    key_sources=KeySources(("split",), ("next_key",)),
    shape_parameters=(("zeros", ("shape",), (0,)),),
    undrawn_keys=(("init", "key", 0),),
    split_returns=(("setup", "key", 1, "2.1;0"),),
)


def test_the_table_names_every_field_of_a_summary_in_order() -> None:
    assert [f.name for f in SUMMARY_FIELDS] == [f.name for f in fields(ModuleSummary)]
    assert tuple(f.name for f in SUMMARY_FIELDS[:len(CACHED_POSITIONS)]) == CACHED_POSITIONS


def test_a_summary_with_every_field_set_round_trips_through_json() -> None:
    assert all(getattr(FULL, f.name) != f.default for f in fields(ModuleSummary)
               if f.name not in ("module", "functions", "calls"))
    data = FULL.to_json()
    assert len(data) == len(SUMMARY_FIELDS)
    assert ModuleSummary.from_json(data) == FULL
    # and the cache takes it back: wrappers were once checked as pairs and self calls without
    # ``typed``, so a summary with either was never a hit
    assert cache._decode_summary(data) == FULL


def test_a_shorter_list_leaves_the_later_fields_at_their_defaults() -> None:
    data = FULL.to_json()[:4]
    assert ModuleSummary.from_json(data) == ModuleSummary(
        FULL.module, FULL.functions, FULL.calls, reexports=FULL.reexports)


# The positions caches of SCHEMA 4 hold for a seed.
SEED_POSITIONS = (
    "function", "via", "caching", "strict", "origin", "positional", "keywords", "stateful",
    "source", "given", "jnp_args", "truths", "layouts", "bound", "entries", "construction",
    "non_integer",
)

FULL_SEED = Seed("dense", "jax.jit", "cache", "strict", "train.py:3 (`step`)", (1, 0),
                 (("scale", 0),), True, "pkg/train.py", (0, "scale"), ("xnp",),
                 ((1, True),), ((0, ((("w",), 1),)), ("scale", None)), True,
                 ((0, "rng", "drawn"),), True, (2,))


def test_the_seed_table_names_every_field_of_a_seed_in_order() -> None:
    assert tuple(f.name for f in SEED_FIELDS) == tuple(f.name for f in fields(Seed))
    assert tuple(f.name for f in SEED_FIELDS) == SEED_POSITIONS


def test_a_seed_with_every_field_set_round_trips_through_json_and_the_cache() -> None:
    assert all(getattr(FULL_SEED, f.name) != f.default for f in fields(Seed)
               if f.default is not MISSING)
    data = FULL_SEED.to_json()
    assert len(data) == len(SEED_FIELDS)
    assert Seed.from_json(data) == FULL_SEED
    assert cache._decode_seeds({"pkg/layers.py": [data]}) == {"pkg/layers.py": (FULL_SEED,)}
    # a flag written as a number is another encoding of the same seed: refused
    assert cache._decode_seeds({"pkg/layers.py": [data[:7] + [1] + data[8:]]}) is None
