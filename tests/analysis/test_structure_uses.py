"""Draws for structure only (module/structure_uses.py): a result read only for its shape is
not a use of the key's numbers; a result read for values, returned, stored, passed on or
never read is."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.structure_uses import StructureUses, parent_map
from tests.analysis.harness import lines_of

NAMES = {"jnp.zeros_like": "jax.numpy.zeros_like", "jax.tree.map": "jax.tree.map",
         "jax.eval_shape": "jax.eval_shape", "len": "builtins.len",
         "jnp.full_like": "jax.numpy.full_like"}


def _first_call_for_structure(body: str) -> bool:
    """Whether the first call of ``f(key, x)``'s first statement is read for structure."""
    module = cst.parse_module("def f(key, x):\n" + textwrap.indent(textwrap.dedent(body), "    "))
    function = module.body[0]
    assert type(function) is cst.FunctionDef
    statement = function.body.body[0].body[0]  # type: ignore[attr-defined]
    call = statement.value
    assert type(call) is cst.Call
    uses = StructureUses(module, build_index(module), lambda: parent_map(module))
    return uses.result_for_structure(call, function, lambda e: NAMES.get(dotted_name(e) or ""))


@pytest.mark.parametrize("body", [
    "out = net(key, x)\nreturn out.shape",
    "out = net(key, x)\nn = out.logits.shape[-1]\nreturn n",
    "out = net(key, x)\nreturn jnp.zeros_like(out)",
    "out = net(key, x)\nreturn jax.tree.map(lambda a: a.shape, out)",
    "out = net(key, x)\nreturn jnp.full_like(out, 1.0), len(out)",
    "out = net(key, x)\nfirst = out[0]\nreturn first.dtype",
    "out_shape, _ = net(key, x)\nreturn out_shape",
    "out = net(key, x)\nreturn jax.eval_shape(g, out)",
])
def test_results_read_for_structure(body: str) -> None:
    assert _first_call_for_structure(body)


@pytest.mark.parametrize("body", [
    "out = net(key, x)\nreturn out",
    "out = net(key, x)\nreturn out * 2 + out.shape[0]",
    "out = net(key, x)\nreturn g(out)",
    "out = net(key, x)\nreturn jnp.full_like(x, out)",
    "out = net(key, x)\nreturn jax.tree.map(lambda a: a[0], out)",
    "out = net(key, x)\nreturn 0",  # bound and never read: the call may be for what it does
    "net(key, x)\nreturn 0",
    "self.out = net(key, x)\nreturn self.out.shape",
    "out = net(key, x)\nout += 1\nreturn out.shape",
    "out = net(key, x)\ny = out\nreturn y",
    "out = net(key, x)\ndef g(a=out):\n    return a\nreturn g, out.shape",
    "out = net(key, x)\ndef show():\n    return out\nreturn show, out.shape",
])
def test_results_used_otherwise(body: str) -> None:
    assert not _first_call_for_structure(body)


def test_a_use_for_structure_between_two_uses_does_not_hide_their_reuse() -> None:
    assert lines_of("""\
        import jax
        def net(key, x):
            return x + jax.random.normal(key, x.shape)
        def f(key, x):
            first = net(key, x)
            probe = net(key, x)
            second = net(key, first)
            return probe.shape, second
        """) == [7]
