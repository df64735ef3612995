"""The functions lax primitives run draw from the keys they close over at the primitive's
call (flow/key_bodies.py): the branches of one cond are alternatives, two conds are two
draws, a loop body's closed-over key stays the loop rule's."""

from __future__ import annotations

from harness import events

PRELUDE = "import jax\nfrom jax import lax\n"


def found(body: str) -> list[tuple[str, str, int]]:
    """The events of ``body``, lines numbered from its first line."""
    return [(kind, name, line - 2) for kind, name, line in events(PRELUDE + body)]


def test_two_conds_drawing_from_one_closed_over_key_reuse_it_at_the_second():
    assert found("""\
def f(p, key, x):
    a = lax.cond(p, lambda: jax.random.normal(key), lambda: x)
    b = lax.cond(p, lambda: jax.random.uniform(key), lambda: x)
    return a, b
""") == [("KeyReuse", "key", 3)]


def test_the_branches_of_one_cond_or_switch_are_alternatives():
    assert found("""\
def f(p, i, key):
    a = lax.cond(p, lambda: jax.random.normal(key), lambda: jax.random.uniform(key))
    return a, lax.switch(i, [lambda: jax.random.normal(key), lambda: 0.0])
""") == [("KeyReuse", "key", 3)]


def test_the_key_drawn_in_a_branch_is_consumed_for_what_follows():
    assert found("""\
def f(p, key):
    a = lax.cond(p, lambda: jax.random.normal(key), lambda: 0.0)
    return a + jax.random.normal(key)
""") == [("KeyReuse", "key", 3)]


def test_a_local_function_sees_the_keys_as_they_are_at_the_call():
    # defined before the draw, run after it: the branch repeats `a`
    assert found("""\
def f(p, key):
    def branch():
        return jax.random.normal(key)
    a = jax.random.normal(key)
    return a, lax.cond(p, branch, lambda: 0.0)
""") == [("KeyReuse", "key", 3)]


def test_a_branch_that_only_hands_the_key_back_or_folds_it_draws_nothing():
    assert found("""\
def f(p, key, other):
    k = lax.cond(p, lambda: key, lambda: other)
    a = lax.cond(p, lambda: jax.random.normal(jax.random.fold_in(key, 1)), lambda: 0.0)
    return k, a, jax.random.normal(key)
""") == []


def test_a_loop_body_drawing_a_closed_over_key_is_reported_once_as_a_loop_reuse():
    assert found("""\
def f(key, n):
    return lax.fori_loop(0, n, lambda i, c: c + jax.random.normal(key), 0.0)
""") == [("KeyReuseInLoop", "key", 2)]


def test_the_branches_of_the_five_argument_cond_are_its_third_and_fifth_arguments():
    # lax.cond(pred, true_operand, true_fun, false_operand, false_fun), the older form
    assert found("""\
def f(p, key, x):
    a = lax.cond(p, (x,), lambda o: o[0], (x,), lambda o: jax.random.uniform(key))
    return a + jax.random.normal(key)
""") == [("KeyReuse", "key", 3)]
