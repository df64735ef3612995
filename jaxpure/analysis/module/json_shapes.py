"""Checks of the JSON shapes a module summary and a seed are cached as.

The cache (jaxpure/cache.py) reads summaries and seeds back from files anyone can edit:
each value is checked field by field (shapes fixed, so no recursion however deep the JSON
is) before it is decoded. The checks live beside the encoders (module/summary_fields.py)
so that a field's form is written down once, in the analysis, and the cache only asks.
"""

from __future__ import annotations

from typing import Any, Callable


def list_where(valid: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """A list whose every item passes ``valid``."""
    return lambda value: isinstance(value, list) and all(map(valid, value))


def list_of(value: Any, length: int) -> bool:
    return isinstance(value, list) and len(value) == length


def strings(*values: Any) -> bool:
    return all(isinstance(v, str) for v in values)


def strings_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def optional_strings(*values: Any) -> bool:
    return all(v is None or isinstance(v, str) for v in values)


def count(value: Any) -> bool:
    return type(value) is int and value >= 0


def name_and_strings(item: Any) -> bool:
    return list_of(item, 2) and isinstance(item[0], str) and strings_list(item[1])


def truths(items: Any) -> bool:
    """Literal arguments, by position or keyword, with their truth values
    (analysis/flow/given.py)."""
    return isinstance(items, list) and all(
        list_of(t, 2) and type(t[0]) in (int, str) and type(t[1]) is bool for t in items)


def given(items: Any) -> bool:
    """Arguments, by position or keyword: those that are not None (analysis/flow/given.py),
    those that are the jax.numpy module (analysis/module/module_params.py)."""
    return isinstance(items, list) and all(type(g) in (int, str) for g in items)


def ints_list(value: Any) -> bool:
    return isinstance(value, list) and all(type(v) is int for v in value)


def keyword_kinds(value: Any) -> bool:
    """[keyword, kind] pairs."""
    return isinstance(value, list) and all(
        list_of(k, 2) and isinstance(k[0], str) and type(k[1]) is int for k in value)


def kinds(positional: Any, keywords: Any) -> bool:
    """The kinds of a call's arguments, by position and by keyword."""
    return ints_list(positional) and keyword_kinds(keywords)


def layouts(items: Any) -> bool:
    """Arguments by position or keyword, each with None or its [(path, kind)...]."""
    return isinstance(items, list) and all(
        list_of(entry, 2) and type(entry[0]) in (int, str)
        and (entry[1] is None or isinstance(entry[1], list) and all(
            list_of(item, 2) and strings_list(item[0]) and type(item[1]) is int
            for item in entry[1]))
        for entry in items)


def entries(items: Any, length: int) -> bool:
    """Dict entries asked or answered about (class, method, argument, entry[, use]), or a
    seed's (argument, entry, use): strings but the argument, a position or a keyword
    (analysis/module/entry_facts.py)."""
    where = 2 if length > 3 else 0
    return isinstance(items, list) and all(
        list_of(item, length) and type(item[where]) in (int, str)
        and strings(*item[:where], *item[where + 1:]) for item in items)


def valid_call(call: Any) -> bool:
    """An ExternalCall (module/summary_calls.py)."""
    return (list_of(call, 15) and strings(call[0], call[1], call[3]) and count(call[2])
            and optional_strings(call[4], call[5]) and kinds(call[6], call[7])
            and type(call[8]) is bool and given(call[9]) and given(call[10])
            and truths(call[11]) and type(call[12]) is bool and given(call[13])
            and given(call[14]))


def valid_self_call(call: Any) -> bool:
    """A SelfCall (module/summary_calls.py), ``typed`` last."""
    return list_of(call, 8) and strings(call[0], call[1], call[2], call[4]) \
        and count(call[3]) and optional_strings(call[5], call[6]) and type(call[7]) is bool


def valid_wrapper(wrapper: Any) -> bool:
    """(function, the transform it applies, the static keywords it rewrites):
    analysis/module/wrappers.py."""
    return list_of(wrapper, 3) and strings(wrapper[0], wrapper[1]) and strings_list(wrapper[2])


def valid_receiver_call(call: Any) -> bool:
    return list_of(call, 8) and strings(call[0], call[1], call[3], call[6]) \
        and count(call[2]) and optional_strings(call[4], call[5]) and truths(call[7])


def valid_class(entry: Any) -> bool:
    return list_of(entry, 3) and isinstance(entry[0], str) and strings_list(entry[1]) \
        and strings_list(entry[2])


def valid_nnx_run(entry: Any) -> bool:
    """(function, line, transform): where a module runs a merged nnx model traced."""
    return list_of(entry, 3) and isinstance(entry[0], str) and type(entry[1]) is int \
        and isinstance(entry[2], str)


def valid_class_conditions(entry: Any) -> bool:
    """(class, [(member, [(qualified class, path)...])...]) (module/class_facts.py)."""
    return list_of(entry, 2) and isinstance(entry[0], str) and isinstance(entry[1], list) \
        and all(list_of(m, 2) and isinstance(m[0], str) and isinstance(m[1], list)
                and all(list_of(c, 2) and strings(*c) for c in m[1]) for m in entry[1])


def valid_class_fields(entry: Any) -> bool:
    """(class, [(field, qualified class)...])."""
    return list_of(entry, 2) and isinstance(entry[0], str) and isinstance(entry[1], list) \
        and all(list_of(f, 2) and strings(*f) for f in entry[1])


def valid_layout_call(call: Any) -> bool:
    """(callee, caller, line, bound, layouts) (analysis/flow/layouts.py)."""
    return list_of(call, 5) and strings(call[0], call[1]) and count(call[2]) \
        and type(call[3]) is bool and layouts(call[4])


def valid_key_gate(gate: Any) -> bool:
    """(function, key parameter, its position, flag parameter, its position):
    analysis/module/gate_index.py."""
    return list_of(gate, 5) and strings(gate[0], gate[1], gate[3]) \
        and all(type(gate[i]) is int for i in (2, 4))


def valid_closure_key(key: Any) -> bool:
    """(factory, key parameter of its closure, its position): analysis/module/gate_index.py."""
    return list_of(key, 3) and strings(key[0], key[1]) and type(key[2]) is int


def valid_handed_key(key: Any) -> bool:
    """(function, parameter, its position, function parameter, its position, keyword,
    position): analysis/module/gate_index.py."""
    return list_of(key, 7) and strings(key[0], key[1], key[3], key[5]) \
        and all(type(key[i]) is int for i in (2, 4, 6))


def valid_aux_decorator(decorator: Any) -> bool:
    """(function, [(parameter, flags), (fixed parameter, 0)...]):
    analysis/module/aux_decorator_index.py."""
    return list_of(decorator, 2) and isinstance(decorator[0], str) \
        and isinstance(decorator[1], list) and all(
            list_of(k, 2) and isinstance(k[0], str) and type(k[1]) is int for k in decorator[1])


def valid_static_return(fact: Any) -> bool:
    """(function, the parameters its Python values need, their positions):
    analysis/module/gate_index.py."""
    return list_of(fact, 3) and isinstance(fact[0], str) and strings_list(fact[1]) \
        and isinstance(fact[2], list) and len(fact[2]) == len(fact[1]) \
        and all(type(at) is int for at in fact[2])
