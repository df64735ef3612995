"""The fields of a module summary (module/summary.py) as the cache stores them: one entry
each, in the order of their positions in the JSON list, with how the field is encoded,
decoded and checked (module/json_shapes.py) when read back from a cache file.

This table is the one place a summary's JSON form is written down: ModuleSummary.to_json
and from_json and the cache's checks (jaxpure/cache.py) all read it, so a new field is one
entry here (and one in the dataclass, in the same place: tests check the names agree).
Positions are the JSON format: a new field goes at the end, or the cache SCHEMA is bumped.
The fields of a seed (module/summary.py's Seed), which the cache keeps beside the
summaries, are a second table of the same kind, SEED_FIELDS.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from jaxpure.analysis.module import json_shapes as shape
from jaxpure.analysis.module.aux_decorator_index import aux_decorators_from_json
from jaxpure.analysis.module.field_index import FieldNames
from jaxpure.analysis.module.key_source_index import KeySources
from jaxpure.analysis.module.layout_calls import LayoutCall, layouts_from_json, layouts_to_json
from jaxpure.analysis.module.split_return_index import valid_split_return
from jaxpure.analysis.module.receiver_calls import ReceiverCall, truths_from_json, truths_to_json
from jaxpure.analysis.module.summary_calls import ExternalCall, SelfCall

T = TypeVar("T")


@dataclass(frozen=True)
class SummaryField(Generic[T]):
    name: str  # the ModuleSummary attribute
    encode: Callable[[T], Any]  # to the JSON value at the field's position
    decode: Callable[[Any], T]  # from that JSON value, already checked by ``valid``
    valid: Callable[[Any], bool]  # the JSON value has the form ``encode`` gives


# -- encoders and decoders shared by fields of one form -------------------------------------

def _same(value: Any) -> Any:
    return value


def _rows(items: Any) -> list:
    """Tuples of scalars as lists: ``(("dense", "layers.dense"),)``."""
    return [list(row) for row in items]


def _tuples(width: int) -> Callable[[Any], Any]:
    return lambda data: tuple(tuple(row[:width]) for row in data)


def _records(items: Any) -> list:
    """Records with their own to_json (ReceiverCall, LayoutCall...)."""
    return [item.to_json() for item in items]


def _named_to_json(items: Any) -> list:
    """(name, (strings...)) pairs."""
    return [[name, list(names)] for name, names in items]


def _named_from_json(data: Any) -> Any:
    return tuple((row[0], tuple(row[1])) for row in data)


def _triples_to_json(items: Any) -> list:
    """(name, (strings...), (values...)): a class's bases and methods, a function's parameters
    and their positions."""
    return [[name, list(first), list(second)] for name, first, second in items]


def _triples_from_json(data: Any) -> Any:
    return tuple((row[0], tuple(row[1]), tuple(row[2])) for row in data)


def _pairs_to_json(items: Any) -> list:
    """(name, ((a, b)...)): a class's fields and their classes, a decorator's facts."""
    return [[name, [list(pair) for pair in pairs]] for name, pairs in items]


def _class_fields_from_json(data: Any) -> Any:
    return tuple((cls, tuple((f[0], f[1]) for f in held)) for cls, held in data)


def _wrappers_to_json(wrappers: Any) -> list:
    return [[w[0], w[1], list(w[2])] for w in wrappers]


def _wrappers_from_json(data: Any) -> Any:
    return tuple((w[0], w[1], tuple(w[2]) if len(w) > 2 else ()) for w in data)


def _conditions_to_json(conditions: Any) -> list:
    return [[cls, [[member, [list(c) for c in conds]] for member, conds in members]]
            for cls, members in conditions]


def _conditions_from_json(data: Any) -> Any:
    return tuple((cls, tuple((m, tuple((c[0], c[1]) for c in conds)) for m, conds in members))
                 for cls, members in data)


def _decoded(decode_one: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda data: tuple(map(decode_one, data))


def _list_of_lists(length: int) -> Callable[[Any], bool]:
    return lambda lists: shape.list_of(lists, length) and all(map(shape.strings_list, lists))


SUMMARY_FIELDS: tuple[SummaryField[Any], ...] = (
    SummaryField("module", _same, _same, lambda name: isinstance(name, str)),
    SummaryField("functions", sorted, frozenset, shape.strings_list),
    SummaryField("calls", _records, _decoded(ExternalCall.from_json),
                 shape.list_where(shape.valid_call)),
    SummaryField("reexports", _rows, _tuples(2),
                 shape.list_where(lambda r: shape.list_of(r, 2) and shape.strings(*r))),
    SummaryField("classes", _triples_to_json, _triples_from_json,
                 shape.list_where(shape.valid_class)),
    SummaryField("self_calls", _records, _decoded(SelfCall.from_json),
                 shape.list_where(shape.valid_self_call)),
    SummaryField("imports_jax", _same, _same, lambda flag: flag in (None, True, False)),
    SummaryField("wrappers", _wrappers_to_json, _wrappers_from_json,
                 shape.list_where(shape.valid_wrapper)),
    SummaryField("static_members", _named_to_json, _named_from_json,
                 shape.list_where(shape.name_and_strings)),
    SummaryField("receiver_calls", _records, _decoded(ReceiverCall.from_json),
                 shape.list_where(shape.valid_receiver_call)),
    SummaryField("nnx_runs", _rows, _tuples(3), shape.list_where(shape.valid_nnx_run)),
    SummaryField("class_conditions", _conditions_to_json, _conditions_from_json,
                 shape.list_where(shape.valid_class_conditions)),
    SummaryField("class_fields", _pairs_to_json, _class_fields_from_json,
                 shape.list_where(shape.valid_class_fields)),
    SummaryField("layout_calls", _records, _decoded(LayoutCall.from_json),
                 shape.list_where(shape.valid_layout_call)),
    SummaryField("field_names", FieldNames.to_json, FieldNames.from_json, _list_of_lists(5)),
    SummaryField("entry_asks", _rows, _tuples(4), lambda items: shape.entries(items, 4)),
    SummaryField("entry_answers", _rows, _tuples(5), lambda items: shape.entries(items, 5)),
    SummaryField("key_gates", _rows, _tuples(5), shape.list_where(shape.valid_key_gate)),
    SummaryField("closure_keys", _rows, _tuples(3), shape.list_where(shape.valid_closure_key)),
    SummaryField("scan_wrappers", _rows, _tuples(3),
                 shape.list_where(lambda w: shape.list_of(w, 3) and shape.strings(*w))),
    SummaryField("handed_keys", _rows, _tuples(7), shape.list_where(shape.valid_handed_key)),
    SummaryField("aux_decorators", _pairs_to_json, aux_decorators_from_json,
                 shape.list_where(shape.valid_aux_decorator)),
    SummaryField("container_fields", _named_to_json, _named_from_json,
                 shape.list_where(shape.name_and_strings)),
    SummaryField("tracer_tests", list, tuple, shape.strings_list),
    SummaryField("static_returns", _triples_to_json, _triples_from_json,
                 shape.list_where(shape.valid_static_return)),
    SummaryField("key_sources", KeySources.to_json, KeySources.from_json, _list_of_lists(2)),
    # shape parameters and undrawn keys have the forms of static returns and closure keys
    SummaryField("shape_parameters", _triples_to_json, _triples_from_json,
                 shape.list_where(shape.valid_static_return)),
    SummaryField("undrawn_keys", _rows, _tuples(3), shape.list_where(shape.valid_closure_key)),
    SummaryField("split_returns", _rows, _tuples(4), shape.list_where(valid_split_return)),
)


# -- the fields of a seed (module/summary.py's Seed), in their JSON positions ---------------

def _scalar(name: str, valid: Callable[[Any], bool]) -> SummaryField[Any]:
    return SummaryField(name, _same, _same, valid)


def _arguments(name: str) -> SummaryField[Any]:
    """Arguments of the seeding call, by position or keyword (flow/given.py)."""
    return SummaryField(name, list, tuple, shape.given)


def _is(kind: type) -> Callable[[Any], bool]:
    return lambda value: type(value) is kind


SEED_FIELDS: tuple[SummaryField[Any], ...] = (
    _scalar("function", _is(str)),
    _scalar("via", _is(str)),
    _scalar("caching", shape.optional_strings),
    _scalar("strict", shape.optional_strings),
    _scalar("origin", _is(str)),
    SummaryField("positional", list, tuple, shape.ints_list),
    SummaryField("keywords", _rows, _tuples(2), shape.keyword_kinds),
    _scalar("stateful", _is(bool)),
    _scalar("source", _is(str)),
    _arguments("given"),
    _arguments("jnp_args"),
    SummaryField("truths", truths_to_json, truths_from_json, shape.truths),
    SummaryField("layouts", layouts_to_json, layouts_from_json, shape.layouts),
    _scalar("bound", _is(bool)),
    SummaryField("entries", _rows, _tuples(3), lambda items: shape.entries(items, 3)),
    _scalar("construction", _is(bool)),
    _arguments("non_integer"),
)
