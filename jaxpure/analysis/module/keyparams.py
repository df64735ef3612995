"""Which names of a function hold PRNG keys, before the walk sees them used.

* :class:`KeyParams`: the names a function (or one nested in it) hands to ``jax.random``,
  directly or through a key parameter of a function of this module, and the parameters
  its callers must pass keys for;
* :func:`helper_consumes`: whether a function of this module draws from the key passed
  as one of its parameters (or only inspects, deletes or hands it back);
* :func:`draw_free`: calls that take keys without drawing from them, whatever they get;
* :func:`may_be_key` / :func:`key_annotation` / :func:`key_stream` / :func:`int_seed`: what
  a parameter's annotation, default and use say about it.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.arrays import annotation_is_array
from jaxpure.analysis.catalog.side_effects import GENERATOR_DRAWS
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS, SHAPE_ONLY
from jaxpure.analysis.catalog.random import (
    DESCRIPTIVE_ATTRIBUTES,
    SEED_TAKERS,
    KEY_STREAM_NAMES,
    NON_CONSUMING_METHODS,
    NON_CONSUMING_NAMES,
    consumes,
    is_assertion,
    is_log_call,
    key_like_name,
)
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.hierarchy import subclasses, without_none
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.key_sources import key_source_methods
from jaxpure.analysis.module.overrides import method_alternatives, same_parameter
from jaxpure.analysis.module.randomness_off import switched_off_call
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.imported_undrawn import imported_undrawn, passed_key
from jaxpure.analysis.module.stored_keys import attribute_reads
from jaxpure.analysis.module.transform_callees import applied_transform, held_function, transformed_function
from jaxpure.analysis.syntax import argument_names, children, push_children, key_path, positional_args, reads_any
from jaxpure.analysis.syntax import statements, target_names


class KeyParams:
    def __init__(self, index: ModuleIndex, resolver: Resolver) -> None:
        self.index = index
        self.resolver = resolver
        self._direct: dict[int, frozenset[str]] = {}
        self._drawn: dict[int, frozenset[str]] = {}
        self._drawing: dict[int, frozenset[str]] = {}
        self._fallback: dict[int, frozenset[str]] = {}
        self._carrying: set[int] = set()  # loop calls being looked at (a body's own loops)
        self._nested: dict[int, list[Unit]] | None = None  # id of a unit -> units right inside
        self._callees: dict[tuple[int, int], Unit | None] = {}  # (id of a call, of its unit)
        self._draws: bool | None = None  # module_draws

    def random_names(self, unit: Unit) -> frozenset[str]:
        """Names this function (or a function nested in it) passes as keys to jax.random,
        directly or to a key parameter of a function of the same module."""
        if not self.module_draws():
            return frozenset()  # every name below comes from some function's direct draws
        names: set[str] = set()
        stack = [unit]
        while stack:
            current = stack.pop()
            names |= self.direct_random_names(current)
            for call in current.calls:
                names |= self.carried_keys(current, call)
                callee = self._callee(call, current)
                if callee is None or callee is unit:
                    continue
                keys = self.direct_random_names(callee)
                if not keys:
                    continue
                positional = [p.name for p in callee.params if p.index >= 0]
                # `obj.method(key)` fills the parameters after `self`; a staticmethod has none
                shift = 1 if callee.parent_is_class and not callee.is_staticmethod \
                    and type(call.func) is cst.Attribute else 0
                # `helper(key)`, `helper(self.rng_key)`: the name or the path holds a key
                for i, arg in enumerate(positional_args(call)):
                    path = key_path(arg.value)
                    if path is not None and i + shift < len(positional) \
                            and positional[i + shift] in keys:
                        names.add(path)
                for arg in call.args:
                    path = key_path(arg.value)
                    if arg.keyword is not None and arg.keyword.value in keys and path is not None:
                        names.add(path)
            stack.extend(self._nested_in(current))
        return frozenset(names)

    def module_draws(self) -> bool:
        """Whether any function of the module hands a name to jax.random itself; if none
        does, no function passes a key on to one either (asked once: most modules of a
        library never draw, and random_names would walk every call of every function)."""
        if self._draws is None:
            self._draws = any(self.direct_random_names(unit) for unit in self.index.units)
        return self._draws

    def _callee(self, call: cst.Call, unit: Unit) -> Unit | None:
        """The function of this module ``call`` runs, by name, through a transform or held
        in an attribute; once per call: random_names walks a function's calls again for each
        function it is nested in. (Asked during the walk, when the resolver's answers are final.)"""
        key = (id(call), id(unit))
        try:
            return self._callees[key]
        except KeyError:
            found = self._callees[key] = self.resolver.function(call.func, unit) \
                or transformed_function(self.resolver, self.index, call.func, unit) \
                or held_function(self.resolver, self.index, call.func, unit)
            return found

    def _nested_in(self, unit: Unit) -> list[Unit]:
        """The units whose parent is ``unit``, in the order of index.units (built once: a
        scan of every unit for each one walked was quadratic in the module's functions)."""
        if self._nested is None:
            self._nested = {}
            for u in self.index.units:
                if u.parent is not None:
                    self._nested.setdefault(id(u.parent), []).append(u)
        return self._nested.get(id(unit), [])

    def carried_keys(self, unit: Unit, call: cst.Call) -> frozenset[str]:
        """The key-named names ``call`` puts in the initial carry of a lax loop whose body
        draws (``fori_loop(0, n, body, {"state": s, "key": key})``, also through a dict or
        tuple bound once): the body splits or draws from the carried key."""
        spec = CARRY_LOOPS.get(self.resolver.qualname(call.func, unit) or "")
        if spec is None or id(call) in self._carrying:
            return frozenset()
        body_at, body_keyword, init_at, init_keyword, _ = spec
        body, init = (_argument(call, body_at, body_keyword),
                      _argument(call, init_at, init_keyword))
        loop_body = self.resolver.function(body, unit) if body is not None else None
        if init is None or loop_body is None:
            return frozenset()
        self._carrying.add(id(call))
        try:
            draws = bool(self.random_names(loop_body))
        finally:
            self._carrying.discard(id(call))
        if not draws:
            return frozenset()
        if type(init) is cst.Name:
            bound = single_value(self.index, unit, init.value)
            init = bound[0] if bound is not None else init
        return frozenset(n.value for n in argument_names(init) if key_like_name(n.value))

    def drawn_names(self, unit: Unit) -> frozenset[str]:
        """The names this function hands to a ``jax.random`` function that takes a key
        (``uniform(random_seed, shape)``): keys whatever they are called, unlike the seed
        of ``PRNGKey(seed)``."""
        found = self._drawn.get(id(unit))
        if found is None:
            quals = [(self.resolver.qualname_text(text, unit) or "", name)
                     for text, name in unit.random_args]
            found = self._drawn[id(unit)] = frozenset(
                name for qual, name in quals
                if qual.startswith("jax.random.") and qual not in SEED_TAKERS)
        return found

    def drawing_parameters(self, unit: Unit) -> frozenset[str]:
        """The parameters whatever calls this function must pass a key for: the ones it
        draws from (``drawn_names``) or hands to a parameter another function of this
        module draws from (``cls.initialize(config, rng)``)."""
        found = self._drawing.get(id(unit))
        if found is None:
            names = set(self.drawn_names(unit))
            for call in unit.calls:
                callee = self.resolver.function(call.func, unit)
                if callee is None or callee is unit:
                    continue
                drawn = self.drawn_names(callee)
                passed = callee.arguments_of(call) or {}
                names.update(value.value for param, value in passed.items()
                             if param in drawn and type(value) is cst.Name)
            found = self._drawing[id(unit)] = frozenset(names & unit.param_names)
        return found

    def fallback_keys(self, unit: Unit) -> frozenset[str]:
        """The key-named parameters this function defaults with a new key
        (``rng = rng or jax.random.PRNGKey(0)``, ``if not key: key = jax.random.key(0)``):
        the fallback says what the argument is,
        a key (unless declared an int seed), so a caller who passes one passes a key array."""
        found = self._fallback.get(id(unit))
        if found is None:
            # the parameters first: most functions have no key-named one, and then their
            # bodies need no walk
            params = [p for p in unit.params if not p.star and key_like_name(p.name)
                      and may_be_key(self._declared(unit, p.annotation))
                      and not int_seed(p.default, p.annotation)]
            names = {name for name, value in _fallbacks(unit.node) if type(value) is cst.Call
                     and self.resolver.qualname(value.func, unit) in SEED_TAKERS} \
                if params else set()
            found = self._fallback[id(unit)] = frozenset(p.name for p in params if p.name in names)
        return found

    def _declared(self, unit: Unit, annotation: cst.BaseExpression | None) -> cst.BaseExpression | None:
        """``X`` for ``Optional[X]`` (a key or nothing), the annotation as written else."""
        inner = without_none(self.resolver, unit, annotation) if annotation is not None else None
        return inner if inner is not None else annotation

    def direct_random_names(self, unit: Unit) -> frozenset[str]:
        """The names this function itself hands to jax.random (or binds as the ``key=`` of
        a model with ``partial(model, key=key)``: the partial's calls draw from it). The
        seed of ``PRNGKey(FLAGS.seed)`` is an int, not a key: seeding an environment with
        it again is no reuse (magi's training scripts)."""
        cache = self._direct
        found = cache.get(id(unit))
        if found is None:
            quals = [(self.resolver.qualname_text(text, unit) or "", name)
                     for text, name in unit.random_args]
            found = cache[id(unit)] = frozenset(
                name for qual, name in quals
                if qual.startswith("jax.random.") and qual not in SEED_TAKERS
            ) | self._partial_keys(unit)
        return found

    def _partial_keys(self, unit: Unit) -> frozenset[str]:
        if not unit.key_keywords:  # no call here passes `key=name` (index.py): none is asked
            return frozenset()
        return frozenset(
            arg.value.value for call in unit.calls
            if self.resolver.qualname(call.func, unit) == "functools.partial"
            for arg in call.args
            if arg.keyword is not None and arg.keyword.value in ("key", "rng")
            and type(arg.value) is cst.Name)


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    """The argument passed at ``position`` or as ``keyword`` (None if neither is plain)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    args = positional_args(call)
    if any(arg.star for arg in call.args) or position >= len(args):
        return None
    return args[position].value


def draw_free(call: cst.Call, qualname: str | None, curried: str | None = None) -> bool:
    """Whether ``call`` takes keys without drawing from them, whatever it is given:
    ``key_data``, ``print``, ``isinstance``, ``jnp`` functions, ``jitted.lower(key)``, a
    project's own ``clone(key)``, assertions (``self.assert_keys_equal(k1, k2)``), and
    ``jax.make_jaxpr(f)(key)`` (``curried``: the qualified name of the call whose result
    ``call`` calls), which traces for shapes as ``jax.eval_shape(f, key)`` does."""
    if not consumes(qualname) or curried in SHAPE_ONLY:
        return True
    if type(call.func) is cst.Attribute and call.func.attr.value in NON_CONSUMING_METHODS:
        return True  # jax.jit(f).lower(key, x) traces with the key; it draws nothing
    callee = dotted_name(call.func)
    return callee is not None and (callee.rsplit(".", 1)[-1] in NON_CONSUMING_NAMES
                                   or is_assertion(callee) or is_log_call(callee))


def helper_consumes(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
                    _seen: frozenset[tuple[int, str]] = frozenset(), exact: bool = False) -> bool:
    """Whether a function of this module may draw from the key passed as ``param``.

    It does unless every read of the parameter visibly leaves the key's randomness alone:
    ``del key``, ``key.shape``/``key.dtype``, ``key is None``, ``return key`` (the caller
    gets the same key back, as with ``k2 = key``), or passing it to a call that draws
    nothing (``id``, ``hash``, ``isinstance``, ``print``) or to another such helper of the
    module, or the parameter is declared an int (a seed). Anything else (a ``jax.random``
    call, an unknown call, storing it, closing over it) may consume it. A method is trusted
    only if it reads the parameter (an unread one may be a stub that subclasses override),
    and so is each other definition of it in the module's classes (module/overrides.py),
    unless ``exact``: the call's receiver is an instance made by calling the method's class
    (``h = Holder(); h.init(key)``), so that no other definition runs and a key the method
    never reads is only ignored (rejax's ``initialize_reward_rms_state(self, rng)``).
    """
    p = unit.param(param)
    if p is None or p.star:
        return True
    if int_seed(p.default, p.annotation) and not unit.parent_is_class:
        return False  # `def load_dataset(split, seed: int)`: it takes a seed, not a key
    if (id(unit), param) in _seen:
        return False  # recursion: the other reads decide
    if exact and unit.parent_is_class and parameter_reads(unit, param) == []:
        return False  # the instance's own class's method, which ignores it
    seen = _seen | {(id(unit), param)}
    if consumes_alone(resolver, index, unit, param, seen):
        return True
    # `self.step(key)` runs whichever class's `step` the instance has: each definition of
    # the module is an alternative, and the key is drawn from if one of them draws
    for other in method_alternatives(resolver, index, unit)[1:]:
        name = same_parameter(unit, param, other)
        if name is None or (id(other), name) not in seen \
                and consumes_alone(resolver, index, other, name, seen | {(id(other), name)}):
            return True
    return False


def consumes_alone(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
                   seen: frozenset[tuple[int, str]] = frozenset()) -> bool:
    """Whether ``unit`` itself (not the overrides of a method) may draw from ``param``."""
    reads = parameter_reads(unit, param)
    if reads is None:
        return True
    if unit.parent_is_class and not reads:
        return True
    sources = key_source_methods(resolver, index)
    if any(_draws_as_generator(chain, sources) for chain in reads):
        # `rng.randint(2**32)`: a JAX key has no methods to draw with; what does is a
        # generator (NumPy's RandomState, nnx.Rngs, a project's own key holder whose
        # `rng.split()` replaces its key: key_sources.py) that advances itself at each
        # draw, and handing it on (`process_random_pos(sampler, rng)`) hands on no key
        return False
    return not all(leaves_key(resolver, index, unit, chain, seen) for chain in reads)


def _draws_as_generator(chain: list[cst.CSTNode], sources: frozenset[str]) -> bool:
    """``param.randint(...)``, ``param.split()``: the read (a chain from
    :func:`parameter_reads`) calls one of a random generator's drawing methods on the
    parameter, or one of ``sources``, methods of the project's key holders."""
    parent = chain[1] if len(chain) > 2 else None
    return type(parent) is cst.Attribute and parent.value is chain[0] \
        and (parent.attr.value in GENERATOR_DRAWS or parent.attr.value in sources) \
        and type(chain[2]) is cst.Call and chain[2].func is parent


def closed_over_draw(resolver: Resolver, index: ModuleIndex, unit: Unit,
                     name: str) -> cst.Call | None:
    """The first call in ``unit`` (a function of this module) handed the key ``unit``
    closes over as ``name`` that may draw from it, judged as :func:`helper_consumes` judges
    a parameter: ``lambda: init(model, carry_rng)`` draws, ``lambda: carry_rng`` (handed
    back) or ``lambda: carry_rng.shape`` do not. None when no call may draw from it, or
    when a function nested in ``unit`` mentions it (whether that one runs is not known)."""
    if unit.binds(name):
        return None
    for chain in parameter_reads(unit, name) or ():
        if len(chain) > 2 and type(chain[1]) is cst.Arg and type(chain[2]) is cst.Call \
                and not leaves_key(resolver, index, unit, chain, frozenset()):
            return chain[2]
    return None


def operand_unpacking(unit: Unit, param: str) -> tuple[list[str], cst.CSTNode] | None:
    """``rng_key, state, info = operand``, the only read of ``param`` in ``unit`` and a
    statement of its body: the names it unpacks into (in order) and that statement."""
    reads = parameter_reads(unit, param)
    if reads is None or len(reads) != 1 or len(reads[0]) < 3:
        return None
    name, assign, line = reads[0][:3]
    if type(assign) is not cst.Assign or assign.value is not name or len(assign.targets) != 1 \
            or not isinstance(unit.node.body, cst.BaseSuite) \
            or not any(line is statement for statement in statements(unit.node.body)):
        return None
    target = assign.targets[0].target
    if type(target) is not cst.Tuple or any(
            type(e) is not cst.Element or type(e.value) is not cst.Name for e in target.elements):
        return None
    return [e.value.value for e in target.elements], line  # type: ignore[attr-defined]


def unpacked_key_consumed(resolver: Resolver, index: ModuleIndex, unit: Unit, name: str,
                          unpacking: cst.CSTNode) -> bool:
    """Whether ``unit`` may draw from the key it unpacked into ``name`` at the statement
    ``unpacking`` (see :func:`operand_unpacking`), judged by the reads after it as
    :func:`helper_consumes` judges a parameter's."""
    reads = parameter_reads(unit, name, after=unpacking)
    return reads is None or not all(
        leaves_key(resolver, index, unit, chain, frozenset()) for chain in reads)


_SCOPES = frozenset({cst.FunctionDef, cst.Lambda, cst.ClassDef})


def parameter_reads(unit: Unit, param: str, after: cst.CSTNode | None = None,
                    closures: list[cst.FunctionDef] | None = None,
                    lambdas: bool = False) -> list[list[cst.CSTNode]] | None:
    """Each read of ``param`` in ``unit`` as its chain of nodes (the name, then its
    ancestors, innermost first), up to a statement that rebinds it for the rest of the
    body (from the statement after ``after``, one of the body's, when given); None when
    a nested function or class mentions it, unless ``closures`` is given: the nested
    ``def`` statements that mention it are then added to it, for the caller to judge.
    With ``lambdas``, the reads in a lambda that does not bind ``param`` itself are
    chains through the lambda (``lambda: load(rng=rng)``), for the caller to judge."""
    reads: list[list[cst.CSTNode]] = []
    nested: list[bool] = []

    def visit(node: cst.CSTNode, chain: list[cst.CSTNode]) -> None:
        if lambdas and type(node) is cst.Lambda and param not in lambda_params(node):
            chain.append(node)
            for child in children(node):  # the defaults too, read where the lambda is made
                visit(child, chain)
            chain.pop()
            return
        if type(node) in _SCOPES:  # (no isinstance: a check per node of the body, ABCs)
            if reads_any(node, {param}):
                if closures is not None and type(node) is cst.FunctionDef:
                    closures.append(node)
                else:
                    nested.append(True)
            return
        if type(node) is cst.Name and node.value == param:
            reads.append([node, *reversed(chain)])
            return
        chain.append(node)
        for child in children(node):
            visit(child, chain)
        chain.pop()

    body = unit.node.body
    if isinstance(body, cst.BaseExpression):  # a lambda
        visit(body, [])
    else:
        body_statements = statements(body)
        if after is not None:
            start = next(i for i, statement in enumerate(body_statements) if statement is after)
            body_statements = body_statements[start + 1:]
        for statement in body_statements:
            visit(statement, [])
            if type(statement) is cst.SimpleStatementLine and any(
                type(small) is cst.Assign and any(
                    param in target_names(t.target) for t in small.targets)
                for small in statement.body
            ):
                break  # `key = (id(key),)`: later reads see the new value
    return None if nested else reads


def lambda_params(node: cst.Lambda) -> set[str]:
    """The names a lambda's parameters bind."""
    params = node.params
    found = {p.name.value for p in (*params.posonly_params, *params.params,
                                    *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.add(star.name.value)
    return found


def leaves_key(resolver: Resolver, index: ModuleIndex, unit: Unit,
                chain: list[cst.CSTNode], seen: frozenset[tuple[int, str]]) -> bool:
    """Whether one read of a key (see :func:`parameter_reads`) leaves it undrawn."""
    node, i = chain[0], 1
    parent = chain[i] if i < len(chain) else None
    if type(parent) is cst.Attribute:
        if parent.attr is node:
            return True  # `self.key`: another name
        return parent.attr.value in DESCRIPTIVE_ATTRIBUTES
    if type(parent) is cst.Arg and parent.keyword is node:
        return True  # `f(key=...)`: a keyword, not the name
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return True  # `key is None`, `key.shape == ()`
    # `del key, x` / `return key, x`: climb through the tuple
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
        node, i = parent, i + 1
        parent = chain[i] if i < len(chain) else None
    if isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.AsName, cst.For, cst.CompFor)) \
            and getattr(parent, "target", getattr(parent, "name", None)) is node:
        return True  # a store, not a read
    if type(parent) is cst.Assign and parent.value is node is chain[0]:
        return _kept_undrawn(resolver, index, unit, parent, seen)
    if isinstance(parent, (cst.Del, cst.Return)):
        return True  # discarded, or handed back as it is
    off = switched_off_call(chain[i:])
    if off is not None and _unseen(resolver, index, unit, off):
        return True  # `forward(x, rngs={"dropout": key}, is_training=False)`: nothing drawn
    if type(parent) is cst.Arg and parent.value is node and not parent.star \
            and i + 1 < len(chain) and isinstance(chain[i + 1], cst.Call):
        call = chain[i + 1]
        assert type(call) is cst.Call
        qualname = resolver.qualname(call.func, unit)
        if qualname == "functools.partial":
            return False  # `partial(model, key=key)`: bound to be called, which draws
        if draw_free(call, qualname, resolver.qualname(call.func.func, unit)
                     if type(call.func) is cst.Call else None):
            return True
        callee = resolver.function(call.func, unit) \
            or held_function(resolver, index, call.func, unit) \
            or applied_transform(resolver, call.func, unit)
        if callee is None:  # another module's function never drawing from it (undrawn_keys.py)
            return any(passed_key(call, name, at) is node
                       for name, at in imported_undrawn(resolver, qualname))
        passed = callee.arguments_of(call)
        if passed is None:
            return False
        names = [name for name, value in passed.items() if value is node]
        return bool(names) and not helper_consumes(resolver, index, callee, names[0], seen)
    return False


def _kept_undrawn(resolver: Resolver, index: ModuleIndex, unit: Unit, assign: cst.Assign,
                  seen: frozenset[tuple[int, str]]) -> bool:
    """``self._init_key = init_key`` in a method: the key is kept, not drawn, when the
    attribute is private and every read of it in the methods of the class (and of its
    bases and subclasses in the module) leaves it undrawn (its shape and dtype, a lowering:
    paxml's ``Partitioner.setup``, module/stored_keys.py). A public attribute may be read
    anywhere, other modules too, which are not seen."""
    first = next((p for p in unit.params if p.index == 0), None)  # `self`
    target = assign.targets[0].target if len(assign.targets) == 1 else None
    if not unit.parent_is_class or unit.is_staticmethod or first is None \
            or type(target) is not cst.Attribute or type(target.value) is not cst.Name \
            or target.value.value != first.name or not target.attr.value.startswith("_"):
        return False
    attr = target.attr.value
    if (0, attr) in seen:
        return True  # a read stores it again: the other reads decide
    seen = seen | {(0, attr)}
    return all(leaves_key(resolver, index, scope, chain, seen)
               for scope, chain in attribute_reads(resolver, index, unit.class_name or "", attr))


def _unseen(resolver: Resolver, index: ModuleIndex, unit: Unit, call: cst.Call) -> bool:
    """``call`` runs no function of this module the analysis could follow."""
    return resolver.function(call.func, unit) is None \
        and held_function(resolver, index, call.func, unit) is None \
        and transformed_function(resolver, index, call.func, unit) is None


def _fallbacks(node: cst.CSTNode) -> list[tuple[str, cst.BaseExpression]]:
    """(name, fallback) for ``name or fallback`` and for ``if not name: name = fallback`` in
    a function's own body (not in functions nested in it)."""
    found: list[tuple[str, cst.BaseExpression]] = []
    stack = list(children(node))
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if type(current) is cst.BooleanOperation and type(current.operator) is cst.Or \
                and type(current.left) is cst.Name:
            found.append((current.left.value, current.right))
        elif type(current) is cst.If and type(current.test) is cst.UnaryOperation \
                and type(current.test.operator) is cst.Not \
                and type(current.test.expression) is cst.Name:
            name = current.test.expression.value
            found.extend((name, value) for target, value in _assignments(current.body)
                         if target == name)
        push_children(current, stack)
    return found


def _assignments(body: cst.BaseSuite) -> list[tuple[str, cst.BaseExpression]]:
    """(name, value) for each ``name = value`` statement right in ``body``."""
    small = [s for line in statements(body) for s in (
        line.body if type(line) is cst.SimpleStatementLine else (line,))]
    return [(s.targets[0].target.value, s.value) for s in small
            if type(s) is cst.Assign and len(s.targets) == 1
            and type(s.targets[0].target) is cst.Name]


def may_be_key(annotation: cst.BaseExpression | None) -> bool:
    """An unannotated `rng`, or one annotated as an array or key (not `np.random.Generator`)."""
    if annotation is None:
        return True
    return key_annotation(annotation) or annotation_is_array(annotation)


def int_seed(default: cst.BaseExpression | None, annotation: cst.BaseExpression | None) -> bool:
    """A parameter declared an int (``seed=0``, ``seed: int``): a seed, not a key. Handing it
    twice rebuilds the same key on purpose; a key the function later binds to the same name
    (``seed = fold_in(PRNGKey(seed), 1)``) is tracked from that binding."""
    if type(default) is cst.Integer:
        return True
    return annotation is not None and dotted_name(annotation) == "int"


def key_annotation(annotation: cst.BaseExpression | None) -> bool:
    text = dotted_name(annotation) if annotation is not None else None
    return text is not None and text.rsplit(".", 1)[-1] in ("PRNGKey", "PRNGKeyArray", "KeyArray")


def key_stream(unit: Unit, name: str) -> bool:
    """``rngs`` used the nnx way (``Linear(n, rngs=rngs)``, ``rngs.params()``): a stream of
    keys whatever its annotation says (easydel annotates it ``PRNGKeyArray``)."""
    if name not in KEY_STREAM_NAMES:
        return False
    for call in unit.calls:
        if any(a.keyword is not None and a.keyword.value == name and type(a.value) is cst.Name
               and a.value.value == name for a in call.args):
            return True
        func = call.func
        if type(func) is cst.Attribute and type(func.value) is cst.Name \
                and func.value.value == name:
            return True
    return False
