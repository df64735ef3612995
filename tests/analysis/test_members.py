"""What an attribute of a traced value is when its class is one the module does not show
(flow/members.py): still traced where it is used as an array, of unknown kind where Python
iterates over it or tests membership in it; the attributes of arrays and of the module's own
classes as before."""

from __future__ import annotations

import libcst as cst
from harness import kind_at

from jaxpure.analysis import lattice as V
from jaxpure.analysis.module.classes import declared_members
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver

EXTERNAL = """\
import jax
from e3nn_jax import IrrepsArray

@jax.jit
def f(x, y):
    wanted = y.tags + x.tags
    for t in x.tags:
        keep = t
    for i, (mul, ir) in enumerate(x.irreps):
        pair = (i, ir)
    tags = sorted(x.tags)
    for s in tags:
        seen = s
    hit = t in wanted
    for c in x.T:
        row = c
    bigger = x.count > 1
    return wanted, keep, pair, seen, hit, row, bigger
"""


def test_an_attribute_of_a_class_not_shown_stays_traced_for_array_use():
    assert kind_at(EXTERNAL, "x.tags") == V.TRACED
    assert kind_at(EXTERNAL, "x.count > 1") == V.TRACED_ARRAY


def test_iterating_over_it_gives_elements_of_unknown_kind():
    assert kind_at(EXTERNAL, "t", 1) == V.UNKNOWN


def test_enumerate_numbers_them_statically_and_leaves_them_unknown():
    assert kind_at(EXTERNAL, "i", 1) == V.STATIC
    assert kind_at(EXTERNAL, "ir", 1) == V.UNKNOWN


def test_a_name_bound_once_to_one_is_iterated_the_same_way():
    assert kind_at(EXTERNAL, "s", 1) == V.UNKNOWN


def test_membership_in_a_concatenation_of_them_is_not_traced():
    assert kind_at(EXTERNAL, "t in wanted") == V.UNKNOWN


def test_the_transpose_of_an_array_is_iterated_as_traced_rows():
    assert kind_at(EXTERNAL, "c", 1) == V.TRACED_ARRAY


OWN = """\
import jax
from typing import NamedTuple

class Stack(NamedTuple):
    layers: tuple

@jax.jit
def f(stack, x):
    for layer in stack.layers:
        keep = layer
    hit = x in stack.layers * 2
    return keep, hit
"""


def test_a_field_a_class_of_the_module_declares_is_iterated_as_traced():
    assert kind_at(OWN, "layer", 1) == V.TRACED


def test_membership_in_a_field_of_the_module_keeps_the_left_operand():
    # `x in (traced array)`: the right side is an array expression, not an opaque member
    assert kind_at(OWN, "x in stack.layers * 2") == V.TRACED_ARRAY


def test_declared_members_are_fields_constants_methods_and_self_stores():
    module = cst.parse_module(
        "class A:\n"
        "    size: int\n"
        "    KIND = 'a'\n"
        "    def __init__(self, parts):\n"
        "        self.parts = parts\n"
        "    @property\n"
        "    def total(self):\n"
        "        return 1\n"
        "def make():\n"
        "    class Hidden:\n"
        "        def __init__(self, tags):\n"
        "            self.tags = tags\n"
        "    return Hidden\n")
    index = build_index(module, None)
    found = declared_members(index, Resolver(index))
    assert {"size", "KIND", "__init__", "parts", "total"} <= found
    assert "tags" not in found  # a class made inside a function is not one the module shows
