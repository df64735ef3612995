"""Whether a function of this module draws from the key kept in one entry of a dict it is
handed (``self._get_obs(data, info)`` with the key in ``info["rng"]``).

A dict is a container, not a key: handing it over hands over its key only if the callee
reads that entry (or hands the whole dict to something unknown). And a callee that splits
the entry and stores one half back in place (``info["rng"], k = split(info["rng"])``)
leaves the caller's dict holding a fresh key: for the caller the entry is not spent.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.class_facts import abstract_method
from jaxpure.analysis.module.entry_facts import EntryAnswer, EntryAsk
from jaxpure.analysis.module.hierarchy import (
    inherited_method, owner_class, self_method_call, subclasses,
)
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import (
    draw_free,
    leaves_key,
    parameter_reads,
)
from jaxpure.analysis.module.transform_callees import held_function
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import key_path

Seen = frozenset[tuple[int, str]]

# what a callee does with the key in one entry of a dict it is handed
UNREAD = "unread"  # never drawn from: the caller's entry keeps an unspent key
REPLACED = "replaced"  # split and a fresh key stored back: that key is spent, the entry not
SPENT = "spent"  # may be drawn from and left in the entry


def entry_uses(resolver: Resolver, index: ModuleIndex, cache: dict[tuple[int, str], str],
               callee: Unit, call: cst.Call, held: dict[str, list[str]]) -> dict[str, str]:
    """For each key ``held`` in dicts ``call`` hands ``callee`` whole (``{"info":
    ["info['rng']"]}``), what ``callee`` does with it (see :func:`entry_use`); ``cache``
    is keyed by the callee and its parameter's entry path."""
    found: dict[str, str] = {}
    for param, value in (callee.arguments_of(call, past_keywords=True) or {}).items():
        if type(value) is not cst.Name or value.value not in held:
            continue
        for name in held[value.value]:
            entry = name[len(value.value):]
            use = cache.get((id(callee), param + entry))
            if use is None:
                use = cache[(id(callee), param + entry)] = entry_use(
                    resolver, index, callee, param, entry)
            found[name] = use
    return found


def inherited_entry_uses(resolver: Resolver, index: ModuleIndex,
                         cache: dict[tuple[int, str], str], answers: dict[EntryAsk, str],
                         asks: set[EntryAsk], unit: Unit, call: cst.Call,
                         held: dict[str, list[str]]) -> dict[str, str]:
    """:func:`entry_uses` for ``self.m(...)`` where the class does not define ``m``: the
    method of a base of this module, or of one of another module (mujoco_playground's
    ``PandaPickCubeCartesian`` runs ``pick.PandaPickCube._get_obs``), which is asked about
    each entry (``asks``) and answered in a later round (``answers``)."""
    method = self_method_call(unit, call)
    owner = owner_class(unit)
    if method is None or owner is None:
        return {}
    found = inherited_method(index, resolver, owner, method)
    if found is None:
        return {}
    if isinstance(found, Unit):
        return entry_uses(resolver, index, cache, found, call, held)
    uses: dict[str, str] = {}
    for where, value in _arguments(call):
        if type(value) is not cst.Name:
            continue
        for name in held.get(value.value, ()):
            ask = (owner, method, where, name[len(value.value):])
            asks.add(ask)
            if ask in answers:
                uses[name] = answers[ask]
    return uses


def _arguments(call: cst.Call) -> list[tuple[int | str, cst.BaseExpression]]:
    """Each argument of ``call`` by position (after ``self``) or keyword, up to a spread
    (positional arguments come first: a position is the count of those before it)."""
    found: list[tuple[int | str, cst.BaseExpression]] = []
    for arg in call.args:
        if arg.star:
            break
        found.append((arg.keyword.value if arg.keyword is not None else len(found), arg.value))
    return found


def answer_asks(resolver: Resolver, index: ModuleIndex, cache: dict[tuple[int, str], str],
                asked: set[EntryAsk]) -> tuple[EntryAnswer, ...]:
    """What this module's methods do with the entries other modules ask about."""
    answers = []
    for cls, method, where, entry in sorted(asked, key=repr):
        unit = index.classes.get(cls, {}).get(method)
        if unit is None or unit.is_staticmethod:
            continue
        positional = [p.name for p in unit.params if p.index >= 0 and not p.star][1:]
        param = where if isinstance(where, str) else \
            positional[where] if where < len(positional) else None
        if param is None:
            continue
        use = cache.get((id(unit), param + entry))
        if use is None:
            use = cache[(id(unit), param + entry)] = entry_use(resolver, index, unit, param, entry)
        answers.append((cls, method, where, entry, use))
    return tuple(answers)


def entry_use(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
              entry: str, _seen: Seen = frozenset()) -> str:
    """What ``unit`` does with the key at ``param`` + ``entry`` (``"['rng']"``).

    Reads of other constant entries (``info["command"]``) leave it alone; a read of the
    entry is judged as :func:`keyparams.helper_consumes` judges a key, unless it sits in an
    unconditional statement storing the entry back (``info["rng"], k =
    split(info["rng"])``): the key is spent, and the caller's dict gets a fresh one. Handing
    the whole dict on is judged again at the callee, and a nested function reading it is
    judged where it is called; anything else the dict is given to may draw from it."""
    p = unit.param(param)
    if p is None or p.star:
        return SPENT
    if (id(unit), param + entry) in _seen:
        return UNREAD  # recursion: the other reads decide
    seen = _seen | {(id(unit), param + entry)}
    if abstract_method(unit) or unit.class_name is not None and any(
            unit.name in index.classes.get(sub, {})
            for sub in subclasses(index, unit.class_name)):
        return SPENT  # a stub or an overridden method: what runs may read the entry
    return _reads_use(resolver, index, unit, param, entry, seen)


def _reads_use(resolver: Resolver, index: ModuleIndex, unit: Unit, name: str,
               entry: str, seen: Seen) -> str:
    """What the reads of the dict ``name`` in ``unit`` (a parameter, or a variable of an
    enclosing function a nested one reads) do with ``entry``: the strongest use of any."""
    closures: list[cst.FunctionDef] = []
    reads = parameter_reads(unit, name, closures=closures)
    if reads is None or closures and name in unit.assigned:
        return SPENT  # a nested function may see another dict
    target = name + entry
    uses = {UNREAD}
    for chain in reads:
        parent = chain[1] if len(chain) > 1 else None
        if type(parent) is cst.Subscript and parent.value is chain[0]:
            path = key_path(parent)
            if path is None or target.startswith(path + "["):
                return SPENT  # `info[k]`, or a dict around the entry
            if path == target and not leaves_key(resolver, index, unit, chain[1:], seen):
                uses.add(REPLACED if _replaced(chain, target) else SPENT)
            continue  # another entry, or the entry left alone
        uses.add(_dict_use(resolver, index, unit, chain, entry, seen))
    uses.update(_closure_use(resolver, index, unit, closure, name, entry, seen)
                for closure in closures)
    return SPENT if SPENT in uses else REPLACED if REPLACED in uses else UNREAD


def _closure_use(resolver: Resolver, index: ModuleIndex, unit: Unit, closure: cst.FunctionDef,
                 name: str, entry: str, seen: Seen) -> str:
    """What a function nested in ``unit`` that reads the dict ``name`` does with ``entry``,
    counted where ``unit`` calls it (reorient's ``_get_cube_pose()`` splitting
    ``info["rng"]`` and storing a fresh key back): its reads when it is only ever called
    by name, a replacement only from calls in unconditional statements. Called nowhere,
    it reads nothing; handed on or decorated, it may run anywhere."""
    inner = index.unit_for(closure)
    called = closure.name.value
    if inner is None or inner.binds(name) or name in inner.declared_nonlocal:
        return SPENT  # its own `name`, or one it rebinds
    use = _reads_use(resolver, index, inner, name, entry, seen)
    if use == UNREAD:
        return UNREAD
    others: list[cst.FunctionDef] = []
    calls = parameter_reads(unit, called, closures=others)
    if closure.decorators or calls is None or unit.assigned.get(called, 0) > 1 \
            or any(other is not closure for other in others):
        return SPENT
    for chain in calls:
        parent = chain[1] if len(chain) > 1 else None
        if type(parent) is not cst.Call or parent.func is not chain[0]:
            return SPENT  # handed on or stored: it may run anywhere
        if use == REPLACED and type(chain[-1]) is not cst.SimpleStatementLine:
            return SPENT  # replaced only on some paths
    return use if calls else UNREAD


def _replaced(chain: list[cst.CSTNode], target: str) -> bool:
    """The read of the entry is in a statement of the function's own body (not under a
    branch or loop) that also stores the entry: the caller's dict ends holding the new
    value (each later draw from the entry is judged by its own read)."""
    statement = chain[-1]
    if type(statement) is not cst.SimpleStatementLine:
        return False
    for small in statement.body:
        if type(small) is cst.Assign and any(
                target in _stored_paths(t.target) for t in small.targets):
            return True
    return False


def _stored_paths(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [p for e in target.elements for p in _stored_paths(e.value)]
    path = key_path(target)
    return [path] if path is not None else []


def _dict_use(resolver: Resolver, index: ModuleIndex, unit: Unit,
              chain: list[cst.CSTNode], entry: str, seen: Seen) -> str:
    """One read of the whole dict: handed to a function of this module (what that does
    with the entry, a replacement counting only from an unconditional statement), or read
    as a key is read without drawing (``return info``)."""
    parent = chain[1] if len(chain) > 1 else None
    if type(parent) is cst.Arg and parent.value is chain[0] and not parent.star \
            and len(chain) > 2 and type(chain[2]) is cst.Call:
        call = chain[2]
        if draw_free(call, resolver.qualname(call.func, unit)):
            return UNREAD
        callee = resolver.function(call.func, unit) or held_function(resolver, index,
                                                                     call.func, unit)
        passed = callee.arguments_of(call) if callee is not None else None
        names = [name for name, value in (passed or {}).items() if value is chain[0]]
        if callee is None or not names:
            return SPENT
        use = entry_use(resolver, index, callee, names[0], entry, seen)
        return SPENT if use == REPLACED and type(chain[-1]) is not cst.SimpleStatementLine \
            else use
    return UNREAD if leaves_key(resolver, index, unit, chain, seen) else SPENT
