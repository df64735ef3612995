"""Alternative paths: a key drawn from once on each of two exclusive paths is drawn once.

Each case pins the KeyReuse events (and their lines) of one branching construct, so the
walker's handling of alternatives can change shape without changing what it decides.
"""

from __future__ import annotations

from harness import events, lines_of

PRELUDE = "import jax\n"


def reuse(body: str) -> list[int]:
    """Lines of KeyReuse events in ``body``, numbered from its first line (the prelude
    is not counted)."""
    return [line - 1 for line in lines_of(PRELUDE + body)]


def test_straight_line_reuse_is_reported_at_the_second_draw():
    assert reuse("""\
def f(key):
    a = jax.random.normal(key)
    b = jax.random.uniform(key)
    return a + b
""") == [3]


def test_if_else_branches_are_alternatives():
    assert reuse("""\
def f(key, flag):
    if flag:
        a = jax.random.normal(key)
    else:
        a = jax.random.uniform(key)
    return a
""") == []


def test_if_elif_else_branches_are_alternatives():
    assert reuse("""\
def f(key, mode):
    if mode == 0:
        a = jax.random.normal(key)
    elif mode == 1:
        a = jax.random.uniform(key)
    else:
        a = jax.random.bernoulli(key)
    return a
""") == []


def test_a_draw_after_an_if_that_may_have_drawn_is_reuse():
    assert reuse("""\
def f(key, flag):
    if flag:
        a = jax.random.normal(key)
    b = jax.random.uniform(key)
    return a + b
""") == [4]


def test_a_branch_that_returns_does_not_reach_the_code_after_it():
    assert reuse("""\
def f(key, flag):
    if flag:
        return jax.random.normal(key)
    return jax.random.uniform(key)
""") == []


def test_reuse_inside_one_branch_is_reported():
    assert reuse("""\
def f(key, flag):
    if flag:
        a = jax.random.normal(key)
        b = jax.random.uniform(key)
        return a + b
    return jax.random.uniform(key)
""") == [4]


def test_conditional_expression_branches_are_alternatives():
    assert reuse("""\
def f(key, discrete):
    return jax.random.randint(key, (), 0, 3) if discrete else jax.random.normal(key)
""") == []


def test_a_conditional_expression_and_a_later_draw_reuse():
    assert reuse("""\
def f(key, discrete):
    a = jax.random.randint(key, (), 0, 3) if discrete else 0
    return a + jax.random.normal(key)
""") == [3]


def test_and_or_operands_are_alternatives():
    assert reuse("""\
def f(key, greedy):
    return greedy and exploit(key) or explore(key)

def exploit(key):
    return jax.random.normal(key)

def explore(key):
    return jax.random.uniform(key)
""") == []


def test_a_draw_under_and_followed_by_another_use_is_reuse():
    assert reuse("""\
def f(key, c):
    a = c and jax.random.normal(key)
    return a, jax.random.uniform(key)
""") == [3]


def test_a_helper_call_under_and_followed_by_another_use_is_reuse():
    assert reuse("""\
def f(key, c):
    a = c and key_user(key)
    return a, jax.random.uniform(key)

def key_user(key):
    return jax.random.normal(key)
""") == [3]


def test_match_cases_are_alternatives():
    assert reuse("""\
def f(key, mode):
    match mode:
        case "normal":
            a = jax.random.normal(key)
        case _:
            a = jax.random.uniform(key)
    return a
""") == []


def test_a_draw_after_a_match_that_may_have_drawn_is_reuse():
    assert reuse("""\
def f(key, mode):
    match mode:
        case "normal":
            a = jax.random.normal(key)
        case _:
            a = 0
    return a + jax.random.uniform(key)
""") == [7]


def test_try_body_and_handler_are_alternatives():
    assert reuse("""\
def f(key):
    try:
        a = jax.random.normal(key)
    except ValueError:
        a = jax.random.uniform(key)
    return a
""") == []


def test_a_draw_after_a_try_that_drew_is_reuse():
    assert reuse("""\
def f(key):
    try:
        a = jax.random.normal(key)
    except ValueError:
        a = 0
    return a + jax.random.uniform(key)
""") == [6]


def test_a_loop_body_that_breaks_after_drawing_draws_once():
    assert events(PRELUDE + """\
def f(key, xs):
    for x in xs:
        y = jax.random.normal(key)
        break
    return y
""") == []


def test_a_loop_body_drawing_from_one_key_reuses_it_per_iteration():
    assert events(PRELUDE + """\
def f(key, xs):
    out = []
    for x in xs:
        out.append(jax.random.normal(key))
    return out
""") == [("KeyReuseInLoop", "key", 5)]


def test_a_draw_after_a_loop_that_may_have_drawn_is_reuse():
    assert reuse("""\
def f(key, xs):
    for x in xs:
        y = jax.random.normal(key)
        break
    return jax.random.uniform(key) + y
""") == [5]


def test_a_comprehension_drawing_from_one_key_reuses_it_per_element():
    assert events(PRELUDE + """\
def f(key, n):
    return [jax.random.normal(key) for _ in range(n)]
""") == [("KeyReuseInLoop", "key", 3)]


def test_a_comprehension_over_split_keys_draws_each_once():
    assert events(PRELUDE + """\
def f(key, n):
    return [jax.random.normal(k) for k in jax.random.split(key, n)]
""") == []


def test_a_short_circuit_operand_draws_after_the_left_operand():
    assert reuse("""\
def f(key):
    return jax.random.normal(key) or jax.random.uniform(key)
""") == [2]


def test_and_or_alternatives_join_before_a_later_draw():
    assert reuse("""\
def f(key, greedy):
    a = greedy and jax.random.normal(key) or jax.random.uniform(key)
    return a + jax.random.bernoulli(key)
""") == [3]


def test_a_draw_in_the_condition_of_and_or_precedes_both_alternatives():
    assert reuse("""\
def f(key):
    return jax.random.bernoulli(key) and jax.random.normal(key) or jax.random.uniform(key)
""") == [2, 2]


GATED_HELPER = """\
def loc_scale(x, rng=None, mixture=None):
    if x.ndim > 1:
        if mixture is None:
            mixture = jax.random.normal(rng, x.shape)
        return x * mixture, mixture
    return x, None
"""


def test_a_draw_gated_by_what_the_first_call_returned_is_on_the_other_path():
    # the second call draws only if `mixture` is None: only where the first drew nothing
    assert reuse(GATED_HELPER + """\
def f(a, b, rng):
    xa, mixture = loc_scale(a, rng)
    xb, _ = loc_scale(b, rng, mixture=mixture)
    return xa + xb
""") == []


def test_a_gate_given_something_else_draws_again():
    assert reuse(GATED_HELPER + """\
def f(a, b, rng, given):
    xa, mixture = loc_scale(a, rng)
    xb, _ = loc_scale(b, rng, mixture=given)
    return xa + xb
""") == [9]


def test_exclusive_branches_predicate():
    import libcst as cst

    from jaxpure.analysis.syntax import on_exclusive_branches

    module = cst.parse_module(GATED_HELPER)
    function = module.body[0]
    gate = function.body.body[0].body.body[0]  # `if mixture is None:`
    first_return, second_return = (
        function.body.body[0].body.body[1], function.body.body[1])
    assert on_exclusive_branches(function, gate, second_return)
    assert not on_exclusive_branches(function, gate, first_return)
