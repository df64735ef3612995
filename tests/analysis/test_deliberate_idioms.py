"""The analysis' notions of code that does on purpose what a rule describes: writes a
context manager undoes, a smoke run on a constant key, draws traced for shapes only, a
key given only to a carry initialiser."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.flow.key_uses import carry_initialiser_key
from jaxpure.analysis.module.globals import writes_undone
from tests.analysis.harness import events


def _functions(source: str) -> list[cst.FunctionDef]:
    module = cst.parse_module(textwrap.dedent(source))
    return [s for s in module.body if type(s) is cst.FunctionDef]


def test_balanced_augmented_writes_are_undone():
    assert writes_undone(_functions("""
        def nested():
            global LEVEL
            try:
                LEVEL += 1
                yield
            finally:
                LEVEL -= 1
        """), "LEVEL")


def test_unbalanced_or_unrestored_writes_are_not_undone():
    assert not writes_undone(_functions("""
        def counted():
            global CALLS
            CALLS += 1
            yield
        """), "CALLS")
    assert not writes_undone(_functions("""
        def nested():
            global LEVEL
            LEVEL += 2
            yield
            LEVEL -= 1
        """), "LEVEL")
    assert not writes_undone(_functions("""
        def flag():
            global FLAG
            FLAG = True
            yield
            FLAG = False
        """), "FLAG")


def test_saved_and_restored_flag_is_undone():
    assert writes_undone(_functions("""
        def eager():
            global EAGER
            saved = EAGER
            EAGER = True
            try:
                yield
            finally:
                EAGER = saved
        """), "EAGER")


def test_enter_and_exit_methods_pair_their_writes():
    assert writes_undone(_functions("""
        def __enter__(self):
            global DEPTH
            DEPTH += 1
        def __exit__(self, *exc):
            global DEPTH
            DEPTH -= 1
        """), "DEPTH")


SMOKE = """
import jax

class Problem:
    def __init__(self, env, policy):
        key = jax.random.key(0)
        obs, state = env.reset(key)
        params = policy.init(key, obs)
        action = policy.apply(params, obs, key)
        env.step(key, state, action)
        {extra}
"""


def test_smoke_run_on_a_constant_key_is_no_reuse():
    assert not [e for e in events(SMOKE.format(extra="")) if e[0] == "KeyReuse"]


def test_a_smoke_result_kept_or_printed_is_a_reuse():
    for extra in ("self.params = params", "print(action)", "return obs"):
        assert [e for e in events(SMOKE.format(extra=extra)) if e[0] == "KeyReuse"], extra


def test_a_key_from_a_seed_argument_is_no_smoke_run():
    source = SMOKE.format(extra="").replace("jax.random.key(0)", "jax.random.key(seed)").replace(
        "(self, env, policy)", "(self, env, policy, seed)")
    assert [e for e in events(source) if e[0] == "KeyReuse"]


def test_draws_traced_for_shapes_only_are_no_reuse():
    source = """
    import jax

    def structure():
        key = jax.random.key(42)
        return jax.random.normal(key, (2,)) + jax.random.normal(key, (2,))

    shapes = jax.eval_shape(structure)
    """
    assert not [e for e in events(source) if e[0] == "KeyReuse"]
    assert [e for e in events(source + "values = structure()\n") if e[0] == "KeyReuse"]


def test_key_given_only_to_initialize_carry():
    module = cst.parse_module("cell.initialize_carry(key, shape)\nother(key)\n")
    carry = module.body[0].body[0].value  # type: ignore[attr-defined]
    other = module.body[1].body[0].value  # type: ignore[attr-defined]
    assert carry_initialiser_key([carry.args[0], carry], set(), [])
    assert carry_initialiser_key([None, None], {"key"}, [carry])
    assert not carry_initialiser_key([None, None], {"key"}, [carry, other])
