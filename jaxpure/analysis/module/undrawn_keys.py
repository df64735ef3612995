"""Key parameters another module's functions never draw from, carried in the summaries.

Within one module a key handed to a function of the module is judged by reading the
function (:func:`keyparams.helper_consumes`): one that only folds something into its key
(``prng_key = fold_in(prng_key, states.step)``), only inspects it or only keeps it for its
shape (module/stored_keys.py) uses up nothing. Across modules the defining module does
that reading: its summary names, for its module-level functions, the methods an instance
of its classes runs (``Class().method``, also made by a classmethod returning ``cls(...)``:
``Class.from_config().method``) and those of the instance a function declared to
return one of them gives (``create_partitioner().method``, ``-> Partitioner``), each key
parameter (named or annotated as one) never drawn from, with its position (an *undrawn
key*). An importing module then keeps the keys its calls pass there: paxml's train loops
hand one key to ``trainer_lib.train_step_single_learner`` every step, which folds the step
count in, and its runners hand their key to ``partitioner.setup``, which keeps it for
lowering only. kauldron's ``random.fold_in_str(key, data)`` only returns ``fold_in(key,
...)``, and maxdiffusion's ``calculate_model_tflops(module, rngs, ...)`` only runs
``jax.eval_shape(module.init, rngs, ...)``: neither draws from its key. Nor does rejax's
``NormalizeRewardsMixin.initialize_reward_rms_state(self, rng)``, which never reads it: a
key parameter a function hands to no call is read too, unless the function hands it back
(the importer cannot follow it); one a method never reads counts only for an instance made
by calling the class (``UNREAD``, imported_undrawn.py: a stub's subclass may draw).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.random import RNG_KEYWORDS, key_like_name
from jaxpure.analysis.catalog.transforms import SHAPE_ONLY
from jaxpure.analysis.module.flag_gates import (
    constructors, instance_method_name, instance_methods, made_receiver,
)
from jaxpure.analysis.module.gate_index import UndrawnKey
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.imported_undrawn import UNREAD, imported_undrawn, passed_key
from jaxpure.analysis.module.keyparams import helper_consumes, key_annotation, parameter_reads
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import reads_any

__all__ = ["exported_undrawn_keys", "shape_tracing_units", "undrawn_by_imported_keys"]

# the annotations keyparams.key_annotation takes for keys, as the last part of their name
_KEY_TYPES = frozenset({"PRNGKey", "PRNGKeyArray", "KeyArray"})
# how a call of a shape-only tracer (catalog SHAPE_ONLY) ends, before it is resolved
_SHAPE_ONLY_NAMES = tuple(sorted({name.rsplit(".", 1)[-1] for name in SHAPE_ONLY}))


def exported_undrawn_keys(resolver: Resolver, index: ModuleIndex) -> tuple[UndrawnKey, ...]:
    """The undrawn keys of the module's functions and methods another module may call by
    name or on an instance; a function or class bound twice is left out (which one a
    caller gets is not known). Only the parameters named or annotated as keys that the
    function hands to ``fold_in`` (``prng_key = fold_in(prng_key, step)``), to shape-only
    tracing, or to another module's function never drawing from them, or a method keeps
    in a private attribute, are read (:func:`_undrawn`): most key parameters are drawn
    from or handed on, and reading every one of every module would cost the cold run."""
    stored = _stored_names(index)
    shaped = shape_tracing_units(resolver, index)
    tails = _undrawn_tails(resolver)
    found: list[UndrawnKey] = []
    methods: dict[int, list[tuple[str, int]]] = {}  # id of a method -> its undrawn keys
    for unit in index.units:
        # (a function calling no method or attribute with a name first passes no key to
        # fold_in or eval_shape; one keeping it is a method of a class storing a name;
        # the test is inline, without calls: it runs for most functions of every module)
        if unit.parent is not None:
            continue
        params = unit.params  # (no call for a function without one, or a method with `self` only)
        untouched = _untouched_keys(unit) if params and (
            not unit.parent_is_class or params[-1] is not params[0]) else frozenset()
        kept = stored.get(unit.class_name or "") if unit.parent_is_class else None
        if kept is None and not untouched and not unit.random_args:
            continue
        if kept is None and not untouched and (not shaped or id(unit) not in shaped):
            for text, _ in unit.random_args:
                if "fold_in" in text or tails and text.rpartition(".")[2] in tails:
                    break
            else:
                continue
        if unit.parent_is_class:
            keys = _undrawn(resolver, index, unit, kept, bool(shaped) and id(unit) in shaped,
                            tails, untouched)
            if keys:
                methods[id(unit)] = keys
        elif len(index.bindings.get(unit.name, ())) == 1:
            found += [(unit.name, *key) for key in _undrawn(
                resolver, index, unit, None, bool(shaped) and id(unit) in shaped, tails,
                untouched)]
    if not methods:
        return tuple(found)
    factories: dict[str, list[str]] = {}  # class -> the functions declared to return one
    for name, unit in index.defs.items():
        returns = unit.node.returns if type(unit.node) is cst.FunctionDef else None
        if returns is not None and type(returns.annotation) is cst.Name \
                and len(index.bindings.get(name, ())) == 1:
            factories.setdefault(returns.annotation.value, []).append(f"{name}()")
    for name in index.class_nodes:
        if len(index.bindings.get(name, ())) != 1:
            continue
        made = [maker + "()" for maker in constructors(index, name)]
        for method, unit in instance_methods(index, resolver, name).items():
            if not method.startswith("__"):
                # (a factory may make a subclass's instance: its keys never read are left out)
                found += [(f"{maker}.{method}", *key) for key in methods.get(id(unit), ())
                          for maker in made + [f for f in factories.get(name, ())
                                               if key[0][0] != UNREAD]]
    return tuple(found)


def _stored_names(index: ModuleIndex) -> dict[str, frozenset[str]]:
    """Class -> the names its methods store in private attributes (``self._key = key``)."""
    found: dict[str, set[str]] = {}
    for (cls, attr), values in index.self_stores.items():
        if attr[0] == "_":  # (no call per attribute: every module with classes asks)
            for value in values:
                if type(value) is cst.Name:
                    found.setdefault(cls, set()).add(value.value)
    return {cls: frozenset(names) for cls, names in found.items()}


def _untouched_keys(unit: Unit) -> frozenset[str]:
    """The key parameters (named or annotated as keys) ``unit`` hands to no call as an
    argument: never read, deleted, compared, kept (rejax's ``initialize_reward_rms_state(self,
    rng)`` ignores its key). (A test of the arguments of its calls, no walk of the body: it
    runs for every function of every module; a key handed on in a tuple, a dict or through
    a subscript, or by a function nested in it, is taken as drawn without reading further.)"""
    names: set[str] | None = None
    if unit.parent_is_class and unit.name[:2] == "__":
        return frozenset()  # `__getitem__(self, key)`: no summary names a dunder method
    for p in unit.params:
        # (every key-like name holds a "k" or "rng": the test spares most names the regex)
        annotation = p.annotation
        if not p.star and (("k" in p.name or "rng" in p.name) and key_like_name(p.name)
                           or p.name in RNG_KEYWORDS
                           or type(annotation) is cst.Attribute and annotation.attr.value in _KEY_TYPES
                           or type(annotation) is cst.Name and annotation.value in _KEY_TYPES):
            names = names or set()
            names.add(p.name)
    if names is None:
        return frozenset()
    _discard_passed(unit, names)
    return frozenset(names)


def _discard_passed(unit: Unit, names: set[str]) -> None:
    """Takes out of ``names`` those ``unit`` or a ``def`` nested in it hands to a call (as
    an argument, in a tuple, list or dict argument, or subscripted)."""
    for call in unit.calls:
        for arg in call.args:
            value = arg.value
            if type(value) is cst.Name:
                names.discard(value.value)
            elif type(value) is cst.Subscript and type(value.value) is cst.Name:
                names.discard(value.value.value)
            elif type(value) is cst.Tuple or type(value) is cst.List or type(value) is cst.Dict:
                for element in value.elements:
                    if type(element.value) is cst.Name:
                        names.discard(element.value.value)
    for nested in unit.nested.values():
        if names:
            _discard_passed(nested, names)


def _undrawn(resolver: Resolver, index: ModuleIndex, unit: Unit, stored: frozenset[str] | None,
             shaped: bool, tails: frozenset[str],
             untouched: frozenset[str] = frozenset()) -> list[tuple[str, int]]:
    """(parameter, position among the positional parameters after ``self`` for a method;
    -1 keyword-only) for each key parameter ``unit`` never draws from, of the candidates:
    those it hands to ``fold_in`` (``prng_key = fold_in(prng_key, step)``, kauldron's
    ``return fold_in(key, _hash_str_to_int(data))``; a ``key, sub = split(key)`` draws),
    all of them when it traces something for its shapes only (``jax.eval_shape(self.init,
    rngs, x)``: maxdiffusion's ``init_weights``), or those among ``stored`` (names its
    class keeps in private attributes). (The candidates only spare the cold run the
    reading of every key parameter; :func:`keyparams.helper_consumes` judges each.)
    ``shaped``: ``unit`` traces for shapes; ``tails``: see :func:`_undrawn_tails`;
    ``untouched``: see :func:`_untouched_keys`, candidates too unless ``unit`` returns them
    (an importer cannot follow the key it gets back). A method's key it never reads is
    named with ``UNREAD`` first (imported_undrawn.py): a stub may be overridden."""
    folded = {name for text, name in unit.random_args if "fold_in" in text
              and resolver.qualname_text(text, unit) == "jax.random.fold_in"}
    if tails:
        folded |= _handed_to_undrawn(resolver, unit, tails)
    params = [p for p in unit.params if not p.star
              and (p.name in folded or shaped or stored is not None and p.name in stored)
              and (key_like_name(p.name) or p.name in RNG_KEYWORDS
                   or key_annotation(p.annotation))] \
        if folded or shaped or stored else []
    named = {p.name for p in params}
    params += [p for p in unit.params if p.name in untouched and p.name not in named]
    if not params:
        return []
    positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
    if unit.parent_is_class and not unit.is_staticmethod:
        positional = positional[1:]
    found: list[tuple[str, int]] = []
    for p in params:
        at = positional.index(p.name) if p.name in positional else -1
        if not helper_consumes(resolver, index, unit, p.name):
            if p.name in named or not _returned(unit, p.name):
                found.append((p.name, at))
        elif unit.parent_is_class and p.name not in named \
                and not reads_any(unit.node.body, {p.name}):  # (stops at the first mention)
            found.append((UNREAD + p.name, at))  # (helper_consumes's `exact`)
    return found


def _returned(unit: Unit, param: str) -> bool:
    """Whether ``unit`` may hand ``param`` back to its caller (``return params, rng, batch``,
    kfac-jax's ``make_func_args``), as it is or in what it builds; read by a nested
    function, it may too."""
    reads = parameter_reads(unit, param)
    return reads is None or any(type(node) is cst.Return or type(node) is cst.Yield
                                for chain in reads for node in chain)


def _undrawn_tails(resolver: Resolver) -> frozenset[str]:
    """The last parts of the names of other modules' functions the seeds say never draw
    from a key parameter (``fold_in_str``): a call named otherwise is none of them."""
    undrawn = resolver.memo.get("imported_undrawn_keys")
    return frozenset(name.rpartition(".")[2] for name in undrawn) if undrawn else frozenset()


def _handed_to_undrawn(resolver: Resolver, unit: Unit, tails: frozenset[str]) -> set[str]:
    """The names ``unit`` hands to a function of another module the seeds say never draws
    from that parameter (kauldron's ``maybe_add_grain_meta_features(ds, rng=rng)``, which
    only hands ``rng`` to ``random.fold_in_str``): a chain of such helpers is learnt one
    module a round, as the seeds settle. Only calls named like one of them (``tails``)
    are resolved."""
    return {name for text, name in unit.random_args if text.rpartition(".")[2] in tails
            and imported_undrawn(resolver, resolver.qualname_text(text, unit))}


def shape_tracing_units(resolver: Resolver, index: ModuleIndex) -> frozenset[int]:
    """The ids of the module's functions that hand a key parameter (named as one) to a
    shape-only tracer (``jax.eval_shape(self.init, rngs, x)``, ``jax.make_jaxpr(f)(key)``:
    catalog SHAPE_ONLY). Only the functions calling one, as index.py records a call and
    its first argument, are read (memoised per module: the summary asks it twice)."""
    found = resolver.memo.get("shape_tracing_units")
    if found is None:
        ids: set[int] = set()
        for unit in index.units:
            named = False
            for text, _ in unit.random_args:
                for tail in _SHAPE_ONLY_NAMES:  # (`in`, no call: every call of every module)
                    named = named or tail in text
            if named and _traces_key_parameter(resolver, unit):
                ids.add(id(unit))
        found = resolver.memo["shape_tracing_units"] = frozenset(ids)
    return found


def _traces_key_parameter(resolver: Resolver, unit: Unit) -> bool:
    """``unit`` passes one of its key parameters to a shape-only tracer (see above)."""
    for call in unit.calls:
        func = call.func.func if type(call.func) is cst.Call else call.func
        if resolver.qualname(func, unit) not in SHAPE_ONLY:
            continue
        for arg in call.args:
            value = arg.value
            if type(value) is cst.Name and value.value in unit.param_names \
                    and (value.value in RNG_KEYWORDS or key_like_name(value.value)):
                return True
    return False


def undrawn_by_imported_keys(resolver: Resolver, index: ModuleIndex, call: cst.Call,
                             qual: str | None, unit: Unit | None) -> set[int]:
    """The arguments (ids) of ``call`` that another module's function (or the method of
    an instance of its class) never draws from (:func:`keyparams.imported_undrawn`)."""
    if not resolver.memo.get("imported_undrawn_keys"):
        return set()
    keys = imported_undrawn(resolver, qual)
    if not keys and type(call.func) is cst.Attribute:
        keys = imported_undrawn(resolver, instance_method_name(resolver, index, call.func, unit),
                                made_receiver(index, call.func, unit))
    if not keys:
        return set()
    return {id(value) for name, position in keys
            for value in [passed_key(call, name, position)] if value is not None}
