"""Draws gated by a flag: a function that draws from its key only under ``if train:``, a
parameter of its own, so that a call passing ``train=False`` draws nothing from the key
(or ``deterministic=True`` for ``if not deterministic:``, or leaving the flag to a literal
default that does the same; also ``permutation(key, n) if shuffle else arange(n)``, and a
draw after ``if eval_only: return jax.eval_shape(self.init, rngs, x)``: maxdiffusion's
``init_weights``).

The gate may be reached through the module's own code: a function handing the key and the
flag on to another (``make_iter(key, n, train)`` returning ``Batches(n, train, key)``; a
``self.`` method no subclass of the module overrides; a lambda the function builds, each
run of which hands both on: fortuna's ``from_callable(lambda: self._get_data_loader(...,
shuffle=shuffle, rng=rng))``), or a constructor storing both (``self.train = train``,
``self.key = key``) whose class reads ``self.key`` only under ``if self.train:`` (scico's
``IterateData``: the evaluation iterator, ``train=False``, keeps the data in order and
never reads its key). A method called on an instance bound once (``ds = Dataset(...)``,
or ``Dataset.from_config(...)``, a classmethod returning ``cls(...)``; its own or
inherited from a base of this module) is asked too. This is the flag
counterpart of :mod:`draw_gates` (a draw gated by ``if mixture is None:``).

Across modules, the summaries carry the gates of a module's functions, classes and the
methods their instances run (``Dataset().get_data_loader``: :func:`exported_key_gates`;
module/gate_index.py), and a call of an imported one that passes the literal that turns
the flag off, or leaves it to such a default, draws nothing from the key
(:func:`undrawn_by_imported_gate`).
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from jaxpure.analysis.catalog.random import RNG_KEYWORDS, key_like_name
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.default_gates import (
    DEFAULT, gate_of_test, gate_off, gate_param, literal_truth, off_default,
    split_into_scan_gate,
)
from jaxpure.analysis.module.gate_index import KeyGate
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.hierarchy import owner_class, subclasses
from jaxpure.analysis.module.keyparams import (
    key_annotation, lambda_params, leaves_key, parameter_reads,
)
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import (
    call_arg, children, push_children, keyword_arg, reads_any, returned_values, single_assignment,
    statements,
)

__all__ = ["constructors", "drawn_nothing_by_flag", "exported_key_gates", "instance_method",
           "instance_method_name", "made_receiver", "passed_argument", "undrawn_by_imported_gate"]

_DEPTH = 4  # functions handing the key on before the gate; deeper chains are not followed


def drawn_nothing_by_flag(resolver: Resolver, index: ModuleIndex, callee: Unit,
                          call: cst.Call, param: str, wrappers: frozenset[str] = frozenset()
                          ) -> bool:
    """Whether ``call`` (of ``callee``, handed a key for ``param``) passes ``False`` for
    the flag that gates every draw ``callee`` may make from that key, or leaves at its
    default the parameter that does (module/default_gates.py; ``wrappers``: the scan
    wrappers the module may call)."""
    passed = callee.arguments_of(call)
    if passed is None or not any(literal_truth(arg.value) is not None for arg in call.args) \
            and all(p.name in passed or p.default is None or p.star for p in callee.params):
        return False  # the common case, decided without looking at the callee's body
    memo = resolver.memo.setdefault("flag_gates", {})
    if (id(callee), param) not in memo:
        memo[(id(callee), param)] = flag_gate(resolver, index, callee, param, _DEPTH, wrappers)
    gate = memo[(id(callee), param)]
    flag = callee.param(gate_param(gate)) if gate is not None else None
    return gate is not None and gate_off(gate, passed, flag.default if flag is not None else None)


def exported_key_gates(resolver: Resolver, index: ModuleIndex,
                       wrappers: frozenset[str] = frozenset(),
                       among: frozenset[int] | None = None,
                       shaped: frozenset[int] = frozenset()) -> tuple[KeyGate, ...]:
    """The gates of the module's functions and classes another module may call: for a
    key parameter (named or annotated as one) of a module-level function, of the
    ``__init__`` of a module-level class, or of a method called on an instance of one
    (named ``Class().method``, its own or inherited from a base of this module), the flag
    parameter under which alone it is drawn from. Only functions with a key parameter and
    another are looked at, each once; only those ``among`` (ids) when given. A parameter
    named ``rngs`` counts as a key in those ``shaped`` (ids: the functions tracing it for
    shapes, maxdiffusion's ``init_weights(rngs, ..., eval_only=True)``); elsewhere it is
    mostly an ``nnx.Rngs`` stream, never gated so."""
    found: list[KeyGate] = []
    methods: dict[int, list[tuple[str, int, str, int]]] = {}  # id(method) -> its gates
    for unit in index.units:
        if unit.parent is not None or type(unit.node) is not cst.FunctionDef \
                or among is not None and id(unit) not in among:
            continue
        name = unit.class_name if unit.parent_is_class else unit.name
        if name is None or len(index.bindings.get(name, ())) > 1 \
                or unit.parent_is_class and name not in index.class_nodes:
            continue  # bound twice: which one a caller gets is not known
        gates = _unit_gates(resolver, index, unit, wrappers,
                            bool(shaped) and id(unit) in shaped)
        if not unit.parent_is_class:
            found += [(name, *gate) for gate in gates]
        elif index.classes.get(name, {}).get(unit.name) is unit:
            methods[id(unit)] = gates
            if unit.name == "__init__":
                found += [(name, *gate) for gate in gates]
    for name in index.class_nodes if methods else ():
        if len(index.bindings.get(name, ())) != 1:
            continue
        makers = constructors(index, name)  # `Model().m`, `Model.from_config().m`
        for method, unit in instance_methods(index, resolver, name).items():
            found += [(f"{maker}().{method}", *gate) for gate in methods.get(id(unit), ())
                      if method != "__init__" for maker in makers]
    return tuple(found)


def _unit_gates(resolver: Resolver, index: ModuleIndex, unit: Unit,
                wrappers: frozenset[str], rngs: bool) -> list[tuple[str, int, str, int]]:
    """(key parameter, position, flag, position) for each key parameter of ``unit`` drawn
    from only under a flag; positions after ``self`` for a method."""
    positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
    receiver = unit.parent_is_class and not unit.is_staticmethod
    if receiver:
        positional = positional[1:]
    if len(unit.params) - receiver < 2:
        return []  # no parameter but the key to gate it
    found = []
    for param in unit.params:
        if param.star or not (key_like_name(param.name) or rngs and param.name in RNG_KEYWORDS
                              or key_annotation(param.annotation)):
            continue
        gate = flag_gate(resolver, index, unit, param.name, _DEPTH, wrappers)
        flag = unit.param(gate_param(gate)) if gate is not None else None
        if gate is not None and flag is not None:
            found.append((param.name, _position(positional, param.name),
                          off_default(gate, flag.default), _position(positional, flag.name)))
    return found


def instance_methods(index: ModuleIndex, resolver: Resolver, name: str) -> dict[str, Unit]:
    """The methods an instance of the class ``name`` runs, its own and those its bases in
    this module give it (followed through single bases, as :func:`inherited_method`)."""
    return _class_methods(index, name)


def _class_methods(index: ModuleIndex, name: str) -> dict[str, Unit]:
    found = dict(index.classes.get(name, {}))
    node = index.class_nodes.get(name)
    seen = {name}
    while node is not None and len(node.bases) == 1:
        base = node.bases[0].value
        if type(base) is not cst.Name or base.value not in index.class_nodes \
                or base.value in seen:
            break
        seen.add(base.value)
        for method, unit in index.classes.get(base.value, {}).items():
            found.setdefault(method, unit)
        node = index.class_nodes[base.value]
    return found


def constructors(index: ModuleIndex, name: str) -> list[str]:
    """How the module makes an instance of its class ``name``: ``name`` itself, and
    ``name.<method>`` for each classmethod of the class (its own or inherited from a base
    of this module) every ``return`` of which gives a new instance (``return cls(**kwargs)``,
    or a local bound once to one): an alternative constructor (``Model.from_config``)."""
    found = [name]
    for method, unit in _class_methods(index, name).items():
        if _makes_instance(unit):
            found.append(f"{name}.{method}")
    return found


def _makes_instance(unit: Unit) -> bool:
    """``unit`` is a classmethod returning ``cls(...)`` on every return (see constructors)."""
    node = unit.node
    if not unit.parent_is_class or type(node) is not cst.FunctionDef:
        return False
    for decorator in node.decorators:  # (a loop, no call: asked of every method)
        if type(decorator.decorator) is cst.Name and decorator.decorator.value == "classmethod":
            break
    else:
        return False
    first = next((p.name for p in unit.params if p.index == 0 and not p.star), None)
    returned = returned_values(node)
    for value in returned:
        if type(value) is cst.Name and unit.assigned.get(value.value) == 1 \
                and value.value not in unit.param_names:
            value = single_assignment(node.body, value.value) or value
        if type(value) is not cst.Call or type(value.func) is not cst.Name \
                or value.func.value != first or unit.assigned.get(first):
            return False
    return bool(returned)


def instance_method(resolver: Resolver, index: ModuleIndex, func: cst.BaseExpression,
                    unit: Unit | None) -> Unit | None:
    """The method of this module ``func`` calls on an instance of a class of this module
    (:func:`_receiver_class`), its own or inherited from a base of this module."""
    name = _receiver_class(index, func, unit)
    if name is None:
        return None
    return instance_methods(index, resolver, name).get(func.attr.value)  # type: ignore[attr-defined]


def _receiver_class(index: ModuleIndex, func: cst.BaseExpression, unit: Unit | None) -> str | None:
    """The class of this module ``func``'s receiver holds an instance of: ``ds`` in
    ``ds.load`` bound once (in the function or at module level) to ``Dataset(...)``, or to
    ``make_dataset(...)``, a function of the module declared to return one (``->
    Dataset``), or a parameter annotated with the class and never rebound (paxml's
    ``partitioner: Partitioner``)."""
    annotated = _annotated_parameter(func, unit)
    made = _made_by(index, func, unit) if annotated is None else (annotated, unit)
    if made is not None and annotated is None and type(made[0]) is cst.Attribute \
            and type(made[0].value) is cst.Name and made[0].value.value in index.class_nodes \
            and f"{made[0].value.value}.{made[0].attr.value}" in constructors(
                index, made[0].value.value):
        made = made[0].value, made[1]  # `Model.from_config(...)`: an alternative constructor
    if made is None or type(made[0]) is not cst.Name:
        return None  # (`p: mod.Dataset`: another module's class)
    name, scope = made[0].value, made[1]
    while scope is not None:
        if scope.binds(name):
            return None  # a local of that name, not the class
        scope = scope.parent
    factory = index.defs.get(name) if annotated is None else None
    returns = factory.node.returns if factory is not None \
        and type(factory.node) is cst.FunctionDef else None
    if returns is not None and len(index.bindings.get(name, ())) == 1 \
            and type(returns.annotation) is cst.Name:
        name = returns.annotation.value  # `-> Dataset`
    if name not in index.class_nodes or len(index.bindings.get(name, ())) != 1:
        return None
    return name


def made_receiver(index: ModuleIndex, func: cst.BaseExpression, unit: Unit | None) -> bool:
    """``func``'s receiver (``h`` in ``h.init``) is bound once to what calling a class gives
    (``Holder(...)``, ``Holder.from_config(...)``, also another module's), so the method
    that runs is that class's: not a parameter annotated with it (a subclass's instance may
    come) nor a function of this module declared to return one (it may make a subclass's)."""
    made = _made_by(index, func, unit) if _annotated_parameter(func, unit) is None else None
    head = made[0] if made is not None else None
    if type(head) is cst.Attribute and type(head.value) is cst.Name:
        head = head.value  # `Holder.from_config`, or `mod.Holder` (another module's: its summary names it)
    return type(head) is cst.Name and head.value not in index.defs


def _annotated_parameter(func: cst.BaseExpression, unit: Unit | None) -> cst.Name | cst.Attribute | None:
    """The annotation (a name or a dotted one) of the parameter that ``func``'s receiver
    reads (``partitioner.setup`` with ``partitioner: partitioning.Partitioner``), when the
    function never rebinds it."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return None
    name = func.value.value
    while unit is not None and not unit.binds(name):
        unit = unit.parent
    param = unit.param(name) if unit is not None and not unit.assigned.get(name) else None
    annotation = param.annotation if param is not None and not param.star else None
    return annotation if type(annotation) is cst.Name or type(annotation) is cst.Attribute \
        else None


def instance_method_name(resolver: Resolver, index: ModuleIndex, func: cst.BaseExpression,
                         unit: Unit | None) -> str | None:
    """``mod.Dataset().load`` for ``ds.load`` with ``ds = Dataset(...)`` or ``ds =
    make_dataset(...)`` bound once, or ``ds`` a parameter annotated ``mod.Dataset``, the
    class or function another module's (as :func:`exported_key_gates` names its methods,
    and ``make_dataset().load`` for a function declared to return the class)."""
    annotated = _annotated_parameter(func, unit)
    made = (annotated, unit) if annotated is not None else _made_by(index, func, unit)
    if made is None:
        return None
    qual = resolver.qualname(made[0], made[1])
    return f"{qual}().{func.attr.value}" if qual else None  # type: ignore[attr-defined]


def _made_by(index: ModuleIndex, func: cst.BaseExpression,
             unit: Unit | None) -> tuple[cst.BaseExpression, Unit | None] | None:
    """What ``func``'s receiver was made by (``Dataset`` for ``ds.load`` with ``ds =
    Dataset(...)`` bound once), with the scope it was read in."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return None
    bound = single_value(index, unit, func.value.value)
    if bound is None or type(bound[0]) is not cst.Call:
        return None
    return bound[0].func, bound[1]


def _position(positional: list[str], name: str) -> int:
    return positional.index(name) if name in positional else -1


def undrawn_by_imported_gate(gates: Mapping[str, tuple[str, int, str, int]], call: cst.Call,
                             qual: str | None) -> set[int]:
    """The arguments (ids) of ``call``, of a function of another module whose key is drawn
    from only under a flag (``gates``: qualified name -> the key parameter and the flag,
    with their positions), that hold the key when the call passes ``False`` for the flag."""
    gate = gates.get(qual or "")
    if gate is None or any(arg.star for arg in call.args):
        return set()
    key, key_at, flag, flag_at = gate
    if flag.startswith(DEFAULT):  # `fit(..., key=key)` leaving `batch_size` at its default
        passed = passed_argument(call, key, key_at), passed_argument(call, flag[1:], flag_at)
        return {id(passed[0])} if passed[0] is not None and passed[1] is None else set()
    name = gate_param(flag)
    passed = passed_argument(call, key, key_at), passed_argument(call, name, flag_at)
    given = {name: passed[1]} if passed[1] is not None else {}
    return {id(passed[0])} if passed[0] is not None and gate_off(flag, given) else set()


def passed_argument(call: cst.Call, name: str, position: int) -> cst.BaseExpression | None:
    """What ``call`` passes for the parameter ``name`` at ``position`` (-1: keyword-only)."""
    if position < 0:  # keyword-only
        found = keyword_arg(call, name)
        return found.value if found is not None else None
    return call_arg(call, position, name)


def flag_gate(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
              depth: int, wrappers: frozenset[str] = frozenset()) -> str | None:
    """The parameter of ``unit`` (a flag, never rebound) under whose truth alone ``unit``
    may draw from its key parameter ``param`` (or, prefixed with ``=``, the parameter
    that alone, given, lets it draw: module/default_gates.py); None when there is none."""
    closures: list[cst.FunctionDef] = []
    reads = parameter_reads(unit, param, closures=closures, lambdas=True)
    if not reads or depth <= 0 or not all(_own_name(index, c, param) for c in closures):
        return None
    gates: set[str | None] = set()
    for chain in reads:
        if leaves_key(resolver, index, unit, chain, frozenset()):
            continue
        gates.add(_read_gate(resolver, index, unit, chain, depth, wrappers))
    if len(gates) != 1 or None in gates:
        return None
    gate = gates.pop()
    return gate if gate is not None and _flag_param(unit, gate_param(gate)) else None


def _own_name(index: ModuleIndex, function: cst.FunctionDef, name: str) -> bool:
    """Whether the nested ``function`` that mentions ``name`` means one of its own: a
    parameter or local (``def step(carry, key)`` inside a function taking ``key``), its
    decorators and defaults not mentioning it."""
    inner = index.unit_of.get(id(function))
    params = function.params
    outer = [d.decorator for d in function.decorators] + [
        p.default for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        if p.default is not None]
    return inner is not None and inner.binds(name) and name not in inner.declared_nonlocal \
        and name not in inner.declared_global and not any(reads_any(n, {name}) for n in outer)


def _read_gate(resolver: Resolver, index: ModuleIndex, unit: Unit,
               chain: list[cst.CSTNode], depth: int, wrappers: frozenset[str]) -> str | None:
    """The flag gating one read of the key (a chain from :func:`parameter_reads`). In a
    lambda (``from_callable(lambda: self._load(rng=rng, shuffle=shuffle))``) every run of
    it reads the key under the same flag, unless the lambda's own parameters are the flag
    or what it calls."""
    bound = {name for node in chain if type(node) is cst.Lambda for name in lambda_params(node)}
    gate = _read_gate_in(resolver, index, unit, chain, depth, wrappers, bound)
    return None if gate is None or gate_param(gate) in bound else gate


def _read_gate_in(resolver: Resolver, index: ModuleIndex, unit: Unit,
                  chain: list[cst.CSTNode], depth: int, wrappers: frozenset[str],
                  bound: set[str]) -> str | None:
    for inner, outer in zip(chain, chain[1:]):
        if isinstance(outer, (cst.If, cst.IfExp)) \
                and (inner is outer.body or inner is outer.orelse):
            gate = gate_of_test(unit, outer.test, inner is outer.body)
            if gate is not None:
                # `if train: ... key ...`, `if batch_size != -1: ... key ...`,
                # `permutation(key, n) if shuffle else arange(n)`
                return gate
    gate = _guard_gate(unit, chain)
    if gate is not None:
        return gate  # `if eval_only: return jax.eval_shape(init, key)`, then `init(key)`
    split = split_into_scan_gate(resolver, index, unit, chain, wrappers)
    if split is not None:
        return split  # `keys = split(key, n)` scanned by a body drawing only under a gate
    parent = chain[1] if len(chain) > 1 else None
    call = chain[2] if len(chain) > 2 else None
    if type(parent) is cst.Arg and type(call) is cst.Call and parent in call.args:
        if bound and reads_any(call.func, bound):
            return None
        return _handed_on_gate(resolver, index, unit, call, chain[0], depth)
    if type(parent) is cst.Assign and parent.value is chain[0] and len(parent.targets) == 1 \
            and unit.parent_is_class and unit.name == "__init__":
        return _stored_gate(index, unit, parent.targets[0].target)
    return None


def _guard_gate(unit: Unit, chain: list[cst.CSTNode]) -> str | None:
    """The gate an earlier ``if test:`` of the same block (or of a block around it) puts
    on the read (a chain from :func:`parameter_reads`) when its body always returns or
    raises and it has no ``else``: the read runs only where ``test`` was false."""
    body = unit.node.body
    if not isinstance(body, cst.BaseSuite):
        return None
    levels = [(chain[-1], statements(body))] + [
        (inner, outer.body) for inner, outer in zip(chain, chain[1:])
        if type(outer) is cst.IndentedBlock]
    for statement, block in levels:
        for earlier in block:
            if earlier is statement:
                break
            if type(earlier) is cst.If and earlier.orelse is None and _exits(earlier.body):
                gate = gate_of_test(unit, earlier.test, False)
                if gate is not None:
                    return gate
    return None


def _exits(body: cst.BaseSuite) -> bool:
    """The block's last statement is a ``return`` or a ``raise``."""
    found = statements(body)
    last = found[-1] if found else None
    if type(last) is cst.SimpleStatementLine:  # (a suite on the `if` line gives its own)
        last = last.body[-1]
    return type(last) in (cst.Return, cst.Raise)


def _handed_on_gate(resolver: Resolver, index: ModuleIndex, unit: Unit, call: cst.Call,
                    key: cst.CSTNode, depth: int) -> str | None:
    """``Batches(n, train, key)`` / ``helper(key, train=train)``: the flag of ``unit``
    passed for the gate of the callee's key parameter."""
    callee, passed = _callee_arguments(resolver, index, unit, call)
    if callee is None or passed is None:
        return None
    names = [name for name, value in passed.items() if value is key]
    if len(names) != 1:
        return None
    gate = flag_gate(resolver, index, callee, names[0], depth - 1)
    if gate is None or gate.startswith(DEFAULT):
        return None
    flag = passed.get(gate_param(gate))
    # (`if not deterministic:` in the callee, handed `deterministic=deterministic`)
    return gate.removesuffix(gate_param(gate)) + flag.value if type(flag) is cst.Name else None


def _callee_arguments(resolver: Resolver, index: ModuleIndex, unit: Unit, call: cst.Call
                      ) -> tuple[Unit | None, dict[str, cst.BaseExpression] | None]:
    """The function of this module ``call`` runs (a class's ``__init__`` for a class call)
    and what it passes for each parameter."""
    func = call.func
    if type(func) is cst.Name and func.value in index.class_nodes \
            and len(index.bindings.get(func.value, ())) <= 1:
        init = index.classes.get(func.value, {}).get("__init__")
        if init is None or any(arg.star for arg in call.args):
            return None, None
        positional = [p for p in init.params if p.index >= 0 and not p.star][1:]
        passed: dict[str, cst.BaseExpression] = {}
        for position, arg in enumerate(a for a in call.args if a.keyword is None):
            if position >= len(positional):
                return None, None
            passed[positional[position].name] = arg.value
        passed.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
        return init, passed
    callee = resolver.function(func, unit)
    if callee is None or overridden(index, unit, func):
        return None, None
    return callee, callee.arguments_of(call)


def overridden(index: ModuleIndex, unit: Unit, func: cst.BaseExpression) -> bool:
    """``self.load(...)`` in a method of a class that a subclass of this module gives its
    own ``load``: which one runs depends on the instance."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name \
            or func.value.value not in ("self", "cls"):
        return False
    owner = owner_class(unit)
    return owner is None or any(func.attr.value in index.classes.get(sub, {})
                                for sub in subclasses(index, owner))


def _stored_gate(index: ModuleIndex, init: Unit, target: cst.BaseExpression) -> str | None:
    """``self.key = key`` in ``__init__``: the parameter ``flag`` stored once as
    ``self.train = flag`` when the class reads ``self.key`` only under ``if self.train:``."""
    attr = _self_attribute(target)
    class_node = index.class_nodes.get(init.class_name or "")
    if attr is None or class_node is None:
        return None
    flags: set[str] = set()
    _gated_reads(class_node, attr, None, flags)
    if len(flags) != 1 or "" in flags:
        return None
    flag = flags.pop()
    stored = _stores(class_node, flag)
    if len(stored) != 1 or _enclosing_function(class_node, stored[0]) is not init.node:
        return None
    value = stored[0].value
    return value.value if type(value) is cst.Name else None


def _gated_reads(node: cst.CSTNode, attr: str, gate: str | None, flags: set[str]) -> None:
    """Into ``flags``, the ``self.<flag>`` each read of ``self.<attr>`` in ``node`` is
    under (``""`` for a read under none); stores into ``self.<attr>`` are no reads."""
    if type(node) is cst.If:
        tested = _self_attribute(node.test)
        _gated_reads(node.test, attr, gate, flags)
        _gated_reads(node.body, attr, tested or gate, flags)
        if node.orelse is not None:
            _gated_reads(node.orelse, attr, gate, flags)
        return
    if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
            else [node.target]
        for target in targets:
            if type(node) is cst.AugAssign or _self_attribute(target) != attr:
                _gated_reads(target, attr, gate, flags)
            elif type(target) in (cst.Tuple, cst.List):
                _gated_reads(target, attr, gate, flags)
        if node.value is not None:
            _gated_reads(node.value, attr, gate, flags)
        return
    if _self_attribute(node) == attr:
        flags.add(gate or "")
        return
    for child in children(node):
        _gated_reads(child, attr, gate, flags)


def _stores(class_node: cst.ClassDef, attr: str) -> list[cst.Assign]:
    """Every statement in the class that binds ``self.<attr>`` (any binding but a plain
    ``self.<attr> = value`` counts, so that the answer is then not one assignment)."""
    found: list[cst.Assign] = []
    stack: list[cst.CSTNode] = [class_node]
    while stack:
        node = stack.pop()
        if type(node) is cst.Assign and any(_self_attribute(t.target) == attr
                                            for t in node.targets):
            found.append(node)
            found += [node] * (len(node.targets) - 1)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) \
                and _self_attribute(node.target) == attr:
            found += [node, node]  # type: ignore[list-item]
        elif type(node) in (cst.Tuple, cst.List, cst.For) and _mentions_store(node, attr):
            found += [node, node]  # type: ignore[list-item]
        push_children(node, stack)
    return found


def _mentions_store(node: cst.CSTNode, attr: str) -> bool:
    """A tuple target (or a ``for`` target) holding ``self.<attr>``."""
    if type(node) is cst.For:
        node = node.target
    return type(node) in (cst.Tuple, cst.List) and any(
        _self_attribute(e.value) == attr for e in node.elements)  # type: ignore[attr-defined]


def _enclosing_function(class_node: cst.ClassDef, target: cst.CSTNode) -> cst.CSTNode | None:
    for statement in class_node.body.body:
        if type(statement) is cst.FunctionDef and _contains(statement, target):
            return statement
    return None


def _contains(node: cst.CSTNode, target: cst.CSTNode) -> bool:
    return node is target or any(_contains(child, target) for child in children(node))


def _self_attribute(node: cst.CSTNode) -> str | None:
    if type(node) is cst.Attribute and type(node.value) is cst.Name \
            and node.value.value == "self":
        return node.attr.value
    return None


def _flag_param(unit: Unit, name: str) -> bool:
    """A parameter of ``unit`` the function never rebinds."""
    return name in unit.param_names and name not in unit.assigned
