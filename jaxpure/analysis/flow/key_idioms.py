"""KeyIdioms: a key fed twice on purpose, the exemptions KeyFlow asks before a JXP301.

One shape holds in every file: the two results asserted against each other (a replay that
computes an expected value, flow/assertions.py). The others hold in a test's own code only
(a ``test*`` function, a method of a test class, ``setUp``: module/test_code.py), where a key
shared by two consumers makes a test weaker at worst, while the same code in a library gives
a model correlated noise:

- two ``jax.random`` draws of numbers (the test's inputs), or the very same call again (a
  replay, a determinism check);
- ``params = f.init(key, x)`` then ``f.apply(params, ..., key, ...)`` on the same receiver:
  the init/apply pair of one model (Haiku's and wax-ml's own docs pass one key to both);
- ``x = normal(key, shape)`` then ``model.init(key, x)``: a drawn input given to the init.

The last two hold in module-level code too (a script's or a notebook's cells, run once).

In any code: ``params = net.init(key, x)`` and ``target_params = net.init(key, x)``,
the very same init bound to a target network, which starts as a copy of the online one on
purpose (DQN, TD3, SAC).

And in every function: a smoke run, a key made from a constant seed whose every use only
feeds other uses of the same key, the last result thrown away (``key = key(0)``, ``obs =
env.reset(key)``, ``params = policy.init(key, obs)``, ``env.step(key, policy.apply(params,
obs, key))``): a check that the parts fit together, whose numbers nobody sees.

In a test's own code, more generally, any two consumers of one key neither of which is
``jax.random.split`` (a replay, a dummy key, one key for several inputs or cases), and one
call given one key twice (``f.apply(params, rng, rng)``, ``init(key, x=x, key=key)``).

What stays a reuse in a test: a key split and then used again, or used and then split (one
of the two consumers is the split), one key for two different models or environments
(methods of two receivers), and the loop rule (JXP302).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS, SHAPE_ONLY, TRANSFORMS
from jaxpure.analysis.flow.assertions import made_from, results_compared
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.test_code import in_test_code
from jaxpure.analysis.syntax import (
    contains,
    descendants,
    is_int_literal,
    mentions,
    reads_any,
    statements,
    target_names,
)


SPLIT = "jax.random.split"
# consumers that split what they are given: the split, and a lax loop carrying the key into
# a body that derives each step's key from it (JaxMARL's test resets an env with `rng`,
# then scans a step that splits the same `rng` from its carry)
_SPLITTING = frozenset({SPLIT, *CARRY_LOOPS})


class KeyIdioms(WalkerBase):
    """Reuses made on purpose."""

    def walked_body(self) -> tuple[cst.CSTNode, ...] | None:
        """The statements of the function being walked (of the module at module level)."""
        unit = self.ctx.frame.unit
        if unit is None:
            return tuple(self.ctx.module.body)
        if type(unit.node) is cst.FunctionDef:
            return statements(unit.node.body)
        return None

    def results_compared(self, first: cst.CSTNode) -> bool:
        """What ``first`` computed and what the call being walked computes are asserted
        against each other later in the function (``expected = dist.sample(seed=subkey)``
        beside ``actual = joint.sample(seed=key)``): the key is replayed, on purpose, to
        compute an expected value (flow/assertions.py)."""
        where = self.consumed_line.get(id(first))
        body = self.walked_body()
        if where is None or not self.lines or body is None:
            return False
        here, j = self.lines[-1]
        return results_compared(body, where[0][where[1]], here[j])

    def smoke_run(self, name: str) -> bool:
        """``name`` is a key made from a constant seed in the function being walked, given
        straight to calls whose results reach nothing but other such calls, or calls on the
        same objects whose results are thrown away (``self.env.step(state, action)``): the
        numbers drawn twice are never seen (the module docstring). A result returned,
        stored in an object, printed, asserted or read by any other statement is seen."""
        unit = self.ctx.frame.unit
        body = self.walked_body()
        if unit is None or body is None or "." in name or "[" in name:
            return False
        made, uses = False, []
        for statement in body:
            if not reads_any(statement, {name}) and not _binds(statement, name):
                continue
            small = _only_small(statement)
            if small is None:
                return False
            if _binds(statement, name):
                if made or type(small) is not cst.Assign or not self.constant_key(small.value):
                    return False
                made = True
            elif _gives_key_to_outer_call(small, name):
                uses.append(small)
            else:
                return False
        targets = [n for small in uses if type(small) is cst.Assign for n in _plain_targets(small)]
        if not made or len(uses) < 2 or None in targets:
            return False
        results = {n for n in targets if n is not None and n != "_"}
        code = self.ctx.module.code_for_node
        receivers = {code(small.value.func.value) for small in uses  # type: ignore[attr-defined]
                     if type(small.value.func) is cst.Attribute}  # type: ignore[attr-defined]
        for statement in body:
            small = _only_small(statement)
            if not reads_any(statement, results) or any(s is small for s in uses):
                continue
            if not (type(small) is cst.Expr and type(small.value) is cst.Call
                    and type(small.value.func) is cst.Attribute
                    and code(small.value.func.value) in receivers):
                return False
        return True

    def traced_for_shapes_only(self) -> bool:
        """The function being walked runs only under ``jax.eval_shape``/``jax.make_jaxpr``
        (``jax.eval_shape(get_output_treedef)``, named nowhere else): its draws are
        abstract, so no numbers are drawn twice (Haiku's ``multi_transform`` builds its
        apply functions' structure so, with a hard-coded key)."""
        info, unit = self.ctx.frame.info, self.ctx.frame.unit
        if info is None or unit is None or type(unit.node) is not cst.FunctionDef \
                or info.caller is not None or not info.origins \
                or any(origin[0].name not in SHAPE_ONLY for origin in info.origins):
            return False
        scope = unit.parent.node if unit.parent is not None else self.ctx.module
        return mentions(scope, unit.name) == len(info.origins)  # named by the transforms alone

    def constant_key(self, value: cst.BaseExpression) -> bool:
        """``jax.random.key(0)``, ``PRNGKey(42)``: a key made from a literal seed."""
        return type(value) is cst.Call and self.ctx.qualname(value.func) in R.SEED_TAKERS \
            and bool(value.args) and is_int_literal(value.args[0].value)

    def test_idiom(self, call: cst.Call, first: cst.CSTNode) -> bool:
        """``first`` then ``call`` given one key is an idiom (the module docstring): a
        target network's copy anywhere, or, in a test's own code, one of a test's."""
        if type(first) is not cst.Call:
            return False
        if self.target_network_copy(call, first):
            return True  # in any code: a target network starts as a copy
        unit = self.ctx.frame.unit
        if unit is None:
            # module-level code runs once (a script's or a notebook's cells): one model's
            # init and apply, or its input and init, given one key is the frameworks' own
            # demonstration (Haiku's docs); draws of numbers stay told there
            return self.init_then_apply(call, first) or self.input_then_init(call, first)
        if not in_test_code(unit, self.ctx.index):
            return False
        return self.test_inputs(call, first) or self.init_then_apply(call, first) \
            or self.input_then_init(call, first) or self.neither_splits(call, first)

    def given_twice_in_test(self, call: cst.Call) -> bool:
        """In a test's own code, one call given one key twice (``f.apply(params, rng,
        rng)``, ``net.init(key, x=x, key=key)``): one consumer, so, like two consumers
        neither of which splits (``neither_splits``), a test's fixed input. On the surveyed
        tests none of these was a bug: 4 deliberate, 2 false (the module never drew from
        one of the two), 4 unjudged."""
        return in_test_code(self.ctx.frame.unit, self.ctx.index)

    def neither_splits(self, call: cst.Call, first: cst.Call) -> bool:
        """In a test's own code, one key given to two consumers neither of which is
        ``jax.random.split``: a test's replay, its dummy key for an API, or one key for
        several inputs or cases. The slips real tests ship involve a split (a parent drawn
        from after its children were made, a step's key kept as the next parent, a key
        drawn from and then split), or two objects built or run from one key (QDax reset
        its training and evaluation environments so, ``env.reset(rng=key)`` and
        ``eval_env.reset(rng=key)``, a bug its maintainers fixed), which stay told. On the
        surveyed tests this took 152 findings away: 102 judged deliberate, 49 unjudged, and
        1 real, a later use of a parent whose first use after its split stays told."""
        if {self.ctx.qualname(call.func), self.ctx.qualname(first.func)} & _SPLITTING:
            return False
        # objects only: `hax.random.uniform(key, s)` and `hax.nn.MLP.init(..., key=key)` are
        # functions and constructors reached through an imported module, as `MLP(key=key)` is
        receivers = {method[0] for method in (self.model_method(call), self.model_method(first))
                     if method is not None
                     and method[0].split(".", 1)[0] not in self.ctx.index.import_names}
        return len(receivers) < 2

    def target_network_copy(self, call: cst.Call, first: cst.Call) -> bool:
        """``params = net.init(key, x)`` and ``target_params = net.init(key, x)``: the same
        init of one model, one result bound to a target network (or given as one:
        ``TrainState.create(params=net.init(key, x), target_params=net.init(key, x))``,
        sbx's form); also through a model
        class's factory (``Model.create(critic_def, inputs=[key, obs, act], tx=...)``, jaxrl's
        form), the target's call leaving out only keywords (its optimiser). A target network
        (DQN, TD3, SAC) starts as a copy of the online one, so the same numbers are the
        point; any other pair, or the same init bound to no target, stays told."""
        method = self.model_method(call)
        if method is None or method[1] not in _INITS | _FACTORIES \
                or self.model_method(first) != method:
            return False
        if not self._same_build(first, call):
            return False
        where = self.consumed_line.get(id(first))
        if where is None or not self.lines:
            return False
        here, j = self.lines[-1]
        names = [*_bound_names(where[0][where[1]]), *_keyword_given(where[0][where[1]], first),
                 *_bound_names(here[j]), *_keyword_given(here[j], call)]
        return any("target" in name.lower() for name in names)

    def _same_build(self, one: cst.Call, other: cst.Call) -> bool:
        """The same positional arguments in the same order, and the same keywords but for
        some one call gives and the other leaves out (``tx=``, the online network's
        optimiser)."""
        code = self.ctx.module.code_for_node
        positional = [[code(arg.value) for arg in c.args if arg.keyword is None] for c in (one, other)]
        keywords = [{arg.keyword.value: code(arg.value) for arg in c.args if arg.keyword is not None}
                    for c in (one, other)]
        fewer, more = sorted(keywords, key=len)
        return positional[0] == positional[1] \
            and all(more.get(name) == value for name, value in fewer.items())

    def test_inputs(self, call: cst.Call, first: cst.Call) -> bool:
        """Two ``jax.random`` draws of numbers from one key: the test's inputs (``preds =
        normal(key, s)``, ``labels = bernoulli(key, 0.5, s)``), correlated on purpose or
        harmlessly; or the very same call again (``reset_fn(key)`` twice): a replay that
        rebuilds the same input or checks determinism."""
        ctx = self.ctx
        if R.draws_values(ctx.qualname(call.func)) and R.draws_values(ctx.qualname(first.func)):
            return True
        return ctx.module.code_for_node(first) == ctx.module.code_for_node(call)

    def init_then_apply(self, call: cst.Call, first: cst.Call) -> bool:
        """``params = f.init(key, x)`` then ``f.apply(params, key, x)`` (also through
        ``jax.jit(f.apply)`` or a name bound to it): one model's init and apply, the second
        given what the first made. Two receivers (``model.init``, ``other.apply``) are two
        models."""
        one, other = self.model_method(first), self.model_method(call)
        return one is not None and other is not None and one[0] == other[0] \
            and one[1] == "init" and other[1] == "apply" and self.given_result_of(first, call)

    def input_then_init(self, call: cst.Call, first: cst.Call) -> bool:
        """``x = normal(key, shape)`` (or netket's ``hi.random_state(key, n)``) then
        ``model.init(key, x)``: the test's input, drawn from the key, given to the init of the
        model under test, which only needs it for its shapes."""
        drawn = R.draws_values(self.ctx.qualname(first.func)) or type(first.func) is cst.Attribute \
            and first.func.attr.value in R.INPUT_SAMPLERS
        method = self.model_method(call)
        return drawn and method is not None and method[1] == "init" \
            and self.given_result_of(first, call)

    def model_method(self, call: cst.Call) -> tuple[str, str] | None:
        """The receiver and the method ``call`` runs: ``("f", "init")`` for ``f.init(key,
        x)``, ``jax.jit(f.init)(key, x)`` and ``init(key, x)`` after ``init = jax.jit(f.init)``."""
        func: cst.BaseExpression | None = call.func
        if type(func) is cst.Name:
            func = self.single_binding(func.value) or func
        if type(func) is cst.Call and func.args and func.args[0].keyword is None \
                and (self.ctx.qualname(func.func) or "") in TRANSFORMS:
            func = func.args[0].value
        name = dotted_name(func) if func is not None else None
        if name is None or "." not in name:
            return None
        receiver, method = name.rsplit(".", 1)
        return receiver, method

    def given_result_of(self, first: cst.Call, call: cst.Call) -> bool:
        """Whether ``call`` is given what ``first`` computed: ``first`` itself among its
        arguments, or a name bound from its result before ``call``'s line, itself or
        through the assignments in between (``x = normal(key, s)``, ``x = x.reshape(...)``)."""
        if any(contains(arg.value, first) for arg in call.args):
            return True
        where = self.consumed_line.get(id(first))
        body = self.walked_body()
        if where is None or not self.lines or body is None:
            return False
        here, j = self.lines[-1]
        names = made_from(body, where[0][where[1]], here[j])
        return bool(names) and any(reads_any(arg.value, names) for arg in call.args)


# the methods that initialise a model's parameters from a key (linen, haiku, equinox-style)
_INITS = frozenset({"init", "init_with_output"})
# a model class's factory that builds one from its definition and a key (jaxrl's
# ``Model.create(model_def, inputs=[key, x])``, which runs ``model_def.init(*inputs)``)
_FACTORIES = frozenset({"create"})


def _bound_names(statement: cst.CSTNode) -> list[str]:
    """The names a simple line's one assignment (annotated or not) binds."""
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
        return []
    small = statement.body[0]
    if type(small) is cst.AnnAssign:
        return list(target_names(small.target))
    if type(small) is cst.Assign:
        return [name for t in small.targets for name in target_names(t.target)]
    return []


def _keyword_given(statement: cst.CSTNode, call: cst.Call) -> list[str]:
    """The keyword under which ``statement`` hands ``call``'s result to another call
    (``target_params`` in ``create(target_params=net.init(key, x))``); none if it is not an
    argument of its own."""
    return [node.keyword.value for node in descendants(statement)
            if type(node) is cst.Arg and node.value is call and node.keyword is not None]


def _only_small(statement: cst.CSTNode) -> cst.BaseSmallStatement | None:
    """The one assignment or expression of a simple line; None for anything else (a
    ``return``, a block, several statements on one line)."""
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
        return None
    small = statement.body[0]
    return small if isinstance(small, (cst.Assign, cst.Expr)) else None


def _gives_key_to_outer_call(small: cst.BaseSmallStatement, name: str) -> bool:
    """``obs = env.reset(key)`` or ``env.step(key, state)``: the statement's own call is
    given the key itself, so its result is what the statement binds or throws away (not
    ``print(normal(key))`` or ``self.assertTrue(f(key))``, which look at the numbers)."""
    value = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
    return type(value) is cst.Call and any(
        type(arg.value) is cst.Name and arg.value.value == name for arg in value.args)


def _binds(statement: cst.CSTNode, name: str) -> bool:
    small = _only_small(statement)
    return type(small) is cst.Assign and any(
        name in target_names(t.target) for t in small.targets)


def _plain_targets(assign: cst.Assign) -> list[str | None]:
    """The names ``assign`` binds; None for a target that is not a name (``self.x``,
    ``d["k"]``): a result stored where others see it."""
    found: list[str | None] = []
    for target in assign.targets:
        elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) \
            else [target.target]
        for element in elements:
            node = element.value if isinstance(element, cst.BaseElement) else element
            found.append(node.value if type(node) is cst.Name else None)
    return found
