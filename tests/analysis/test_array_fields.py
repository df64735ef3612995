"""Which attributes of a traced value are array leaves (queries/values.py ``array_field``)."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.pipeline import analyze
from jaxpure.analysis.queries.values import array_field

SOURCE = """\
import dataclasses
import jax
import numpy as np

@dataclasses.dataclass
class Host:
    table: np.ndarray
    cache: dict
    speed: jax.Array

    def fill(self, v):
        self.buf[0] = v

@jax.jit
def step(data, v):
    data.qvel[0] = v
    data.table[0] = v
    data.cache[0] = v
    data.speed[0] = v
    data.fill[0] = v
    return data
"""


def _fields() -> dict[str, bool]:
    module = cst.parse_module(textwrap.dedent(SOURCE))
    found: dict[str, bool] = {}

    def record(node: cst.Subscript, ctx) -> None:
        if type(node.value) is cst.Attribute:
            found[module.code_for_node(node.value)] = array_field(ctx, node.value)

    analyze(module, {cst.Subscript: [record]})
    return found


def test_an_undeclared_field_of_a_traced_parameter_is_an_array_leaf():
    assert _fields()["data.qvel"] is True


def test_a_field_the_module_declares_as_an_array_is_one():
    assert _fields()["data.speed"] is True


def test_fields_the_module_declares_as_numpy_containers_or_methods_are_not():
    fields = _fields()
    assert (fields["data.table"], fields["data.cache"], fields["data.fill"]) == (False, False, False)


def test_an_attribute_of_an_untraced_host_object_is_not():
    assert _fields()["self.buf"] is False
