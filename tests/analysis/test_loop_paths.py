"""Per-iteration reuse (JXP302's events) along the paths of one loop body: a draw on each
of two exclusive paths is a reuse of its own; two draws on one path are one reuse of the
key in that loop (the second is JXP301's)."""

from __future__ import annotations

from harness import events

PRELUDE = "import jax\n"


def in_loop(body: str) -> list[int]:
    """Lines of the KeyReuseInLoop events of ``body``, numbered from its first line."""
    return [line - 1 for kind, _name, line in events(PRELUDE + body) if kind == "KeyReuseInLoop"]


def test_a_draw_in_each_exclusive_branch_is_reported_each():
    assert in_loop("""\
def f(key, mode, n):
    for _ in range(n):
        if mode == "a":
            jax.random.normal(key)
        elif mode == "b":
            jax.random.uniform(key)
""") == [4, 6]


def test_a_draw_after_the_split_in_each_branch_is_reported_each():
    assert in_loop("""\
def f(key, mode, n):
    for _ in range(n):
        if mode == "a":
            key, sub = jax.random.split(key)
            jax.random.normal(key)
        else:
            key, sub = jax.random.split(key)
            jax.random.uniform(key)
""") == [5, 8]


def test_two_draws_on_one_path_are_one_reuse_in_the_loop():
    assert in_loop("""\
def f(key, c, n):
    for _ in range(n):
        if c:
            jax.random.normal(key)
        jax.random.uniform(key)
""") == [4]


def test_a_draw_before_the_loop_is_not_the_loops_draw_after_a_split():
    assert in_loop("""\
def f(key, c, n):
    first = jax.random.normal(key)
    for _ in range(n):
        if c:
            key, sub = jax.random.split(key)
            jax.random.normal(key)
    return first
""") == [6]


def test_three_draws_on_one_path_are_still_one_reuse_in_the_loop():
    # pax's tests split the key, draw from it and hand it to env.step, every iteration
    assert in_loop("""\
def f(rng, env, state, n):
    for _ in range(n):
        key, _ = jax.random.split(rng)
        action = jax.random.uniform(rng)
        state = env.step(rng, state, action)
""") == [3]
