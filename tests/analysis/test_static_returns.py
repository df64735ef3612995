"""Functions of another module returning Python values from Python values
(flow/exported_returns.py, module/gate_index.py): the defining module's summary names them
with the parameters that count, the modules whose traced code calls one with Python values
for those get a seed, and such a call is a Python value there (flow/infer.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.exported_returns import static_returns
from jaxpure.analysis.module.gate_index import STATIC_RETURNS
from jaxpure.analysis.module.summary import ExternalCall, ModuleSummary, propagate
from jaxpure.analysis.pipeline import analyze

SHAPES = """\
import jax
import jax.numpy as jnp

def merge_small_dims(shape_to_merge, max_dim):
    resulting_shape = []
    product = 1
    for d in shape_to_merge:
        if product * d <= max_dim:
            product *= d
        else:
            resulting_shape.append(product)
            product = d
    if not resulting_shape:
        return [1]
    return resulting_shape

def padded(shape, block=8, *, extra=0):
    return list(shape) + [block + extra]

def doubled(x):
    return x * 2

def zeros_for(shape):
    return jnp.zeros(shape)

def defaulted(shape, fill=jnp.zeros(3)):
    return [fill for _ in shape]

def shapes_of(tree):
    for leaf in tree:
        yield leaf.shape
    return []

@jax.jit
def jitted(shape):
    return list(shape)

def twice(n):
    return n

def twice(n):
    return jnp.ones(n)

def unasked(shape):
    return list(shape)
"""


def test_a_module_names_its_functions_returning_python_values_and_what_they_read() -> None:
    from jaxpure.analysis.module.summary import Seed

    # every function but `unasked` is called by another module's traced code
    seeds = [Seed(name, "jax.jit", "jax.jit", "jax.jit", "reshaper.py:3", (), ())
             for name in ("merge_small_dims", "padded", "doubled", "zeros_for", "defaulted",
                          "shapes_of", "jitted", "twice")]
    ctx = analyze(cst.parse_module(SHAPES), {}, module_name="pkg.shapes", seeds=seeds)
    # max_dim decides only which dimensions merge; zeros_for builds an array; defaulted's
    # default is one; a generator, a jitted function and a name bound twice are not known
    assert static_returns(ctx) == (
        ("doubled", ("x",), (0,)),
        ("merge_small_dims", ("shape_to_merge",), (0,)),
        ("padded", ("shape", "block", "extra"), (0, 1, -1)),
    )


def _call(callee: str, positional: tuple[int, ...], keywords=()) -> ExternalCall:
    return ExternalCall(callee, "derive", 3, "jax.jit", "jax.jit", "jax.jit", positional,
                        tuple(keywords))


def _summary(module: str, facts=(), reexports=(), calls=()) -> ModuleSummary:
    return ModuleSummary(module, frozenset(), tuple(calls), tuple(reexports),
                         static_returns=tuple(facts))


def test_only_importers_calling_it_with_python_values_are_seeded() -> None:
    fact = ("merge_small_dims", ("shape_to_merge",), (0,))
    modules = [
        _summary("pkg.shapes", [fact]),
        _summary("pkg.reshaper", reexports=[("shapes", "pkg.shapes")],
                 calls=[_call("pkg.shapes.merge_small_dims", (L.STATIC, L.TRACED))]),
        _summary("pkg.traced", reexports=[("shapes", "pkg.shapes")],
                 calls=[_call("pkg.shapes.merge_small_dims", (L.TRACED_ARRAY, L.STATIC))]),
        _summary("pkg.keyword", reexports=[("merge", "pkg.shapes.merge_small_dims")],
                 calls=[_call("pkg.shapes.merge_small_dims", (), [("shape_to_merge", L.STATIC)])]),
        _summary("pkg.silent", reexports=[("shapes", "pkg.shapes")]),
    ]
    seeds = propagate({m.module: (m, m.module + ".py", m.module + ".py") for m in modules})
    told = {module: [(s.function, s.keywords) for s in found if s.via == STATIC_RETURNS]
            for module, found in seeds.items()}
    wanted = [("pkg.shapes.merge_small_dims", (("shape_to_merge", 0),))]
    assert told["pkg.reshaper"] == wanted
    assert told.get("pkg.traced", []) == [] and told.get("pkg.silent", []) == []


def test_summary_with_static_returns_round_trips_and_the_cache_checks_them() -> None:
    from jaxpure import cache

    summary = _summary("pkg.shapes", [("padded", ("shape", "extra"), (0, -1))])
    data = summary.to_json()
    assert ModuleSummary.from_json(data) == summary
    assert cache._decode_summary(data) is not None
    for wrong in ([["padded", ["shape"], [0, -1]]], [["padded", ["shape"], ["0"]]],
                  [["padded", "shape", [0]]], None):
        assert cache._decode_summary(data[:24] + [wrong]) is None, wrong


IMPORTER = """\
import dataclasses
import functools
import jax
from pkg import shapes

@dataclasses.dataclass
class Shapes:
    merged: list

def derive(block, param):
    return Shapes(shapes.merge_small_dims(param.shape, block))

def derive_traced(block, param):
    return Shapes(shapes.merge_small_dims(param, block))

@jax.jit
def update(updates, params):
    static = jax.tree.map(functools.partial(derive, 8), params)
    traced = jax.tree.map(functools.partial(derive_traced, 8), params)
    return static, traced
"""


def test_an_importer_seeded_reads_the_call_as_a_python_value() -> None:
    from jaxpure.analysis.module.summary import Seed

    seed = Seed("pkg.shapes.merge_small_dims", STATIC_RETURNS, None, None, "shapes.py", (),
                (("shape_to_merge", 0),))
    kinds = {}

    def on_assign(node: cst.Assign, ctx) -> None:
        kinds[node.targets[0].target.value] = ctx.kind(node.value)

    analyze(cst.parse_module(IMPORTER), {cst.Assign: [on_assign]}, module_name="pkg.reshaper",
            seeds=[seed])
    assert kinds["static"] == L.STATIC
    assert L.is_traced(kinds["traced"])
