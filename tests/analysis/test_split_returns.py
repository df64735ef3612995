"""Functions that only split a key parameter and return the children (module/split_returns.py):
which paths of the result hold the children, which functions are not such, and the seed
an importing module gets (module/split_return_index.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.split_return_index import SPLIT_RETURNS, paths_from_text
from jaxpure.analysis.module.split_returns import exported_split_returns
from jaxpure.analysis.module.summary import ModuleSummary, propagate

SETUPS = """\
import jax
import jax.numpy as jnp

def evaluator_setup(env, key_e, params):
    evaluator = jax.jit(env.step)
    key_e, *eval_keys = jax.random.split(key_e, 3)
    eval_keys = jnp.stack(eval_keys).reshape(2, -1)
    return evaluator, (params, eval_keys)

def whole(key):
    keys = jax.random.split(key, 4)
    return keys[1:]

def draws_too(key):
    noise = jax.random.normal(key)
    a, b = jax.random.split(key)
    return noise, a

def draws_child(key):
    a, b = jax.random.split(key)
    return jax.random.normal(a), b

def helper_reads_child(key, f):
    a, b = jax.random.split(key)
    f(a)
    return a, b

def split_in_branch(key, flag):
    if flag:
        a, b = jax.random.split(key)
        return a, b
    return key, key

def closure_reads(key):
    a, b = jax.random.split(key)
    return (lambda: a), b
"""


def _facts(text: str) -> dict[str, tuple[str, int, str]]:
    index = build_index(cst.parse_module(text))
    return {fact[0]: fact[1:] for fact in exported_split_returns(Resolver(index), index)}


def test_the_children_s_paths_in_the_result_are_known() -> None:
    facts = _facts(SETUPS)
    assert facts == {"evaluator_setup": ("key_e", 1, "1.1"), "whole": ("key", 0, "")}
    assert paths_from_text("2.1") == ((2, 1),) and paths_from_text("") == ((),)


def test_an_importing_module_gets_a_seed() -> None:
    facts = tuple((name, *fact) for name, fact in _facts(SETUPS).items())
    summaries = {
        "pkg.evaluator": (ModuleSummary("pkg.evaluator", frozenset({"evaluator_setup", "whole"}),
                                        (), split_returns=facts), "pkg/evaluator.py", "pkg/evaluator.py"),
        "pkg.run": (ModuleSummary("pkg.run", frozenset({"main"}), (),
                                  reexports=(("evaluator_setup", "pkg.evaluator.evaluator_setup"),)),
                    "pkg/run.py", "pkg/run.py"),
    }
    seeds = [seed for seed in propagate(summaries).get("pkg.run", []) if seed.via == SPLIT_RETURNS]
    assert [(seed.function, seed.keywords) for seed in seeds] == [
        ("pkg.evaluator.evaluator_setup", (("key_e", 1), ("1.1", 0)))]
