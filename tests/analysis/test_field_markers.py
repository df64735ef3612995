"""Static fields and members a module's classes declare (module/field_markers.py,
module/class_facts.py): what a module summary tells the modules importing the class."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.pipeline import analyze


def _members(source: str, cls: str) -> frozenset[str]:
    ctx = analyze(cst.parse_module(textwrap.dedent(source)), {})
    return ctx.facts.class_facts.members(cls)


def test_aux_data_properties_returned_through_a_local_are_static_members() -> None:
    members = _members("""
        import jax

        @jax.tree_util.register_pytree_node_class
        class DataPoint:
            def __init__(self, name, data):
                self._name = name
                self.data = data

            @property
            def name(self):
                return convert(self._name)

            @property
            def total(self):
                return self.data.sum()

            def tree_flatten(self):
                meta = (self.name,)
                return (self.data,), meta
        """, "DataPoint")
    assert "name" in members
    assert "total" not in members and "data" not in members


def test_a_class_variable_is_static_and_a_shape_of_a_method_result_too() -> None:
    members = _members("""
        from typing import ClassVar
        import jax

        class Group:
            tangent_dim: ClassVar[int]
            values: jax.Array

            def parameters(self):
                raise NotImplementedError

            def batch_axes(self):
                return self.parameters().shape[:-1]
        """, "Group")
    assert {"tangent_dim", "batch_axes"} <= members
    assert "values" not in members
