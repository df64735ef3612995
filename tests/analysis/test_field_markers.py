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


def _static_fields(source: str) -> frozenset[str]:
    ctx = analyze(cst.parse_module(textwrap.dedent(source)), {})
    return ctx.facts.class_facts.local_static_fields


_FIELDS_CLASS = """
    import dataclasses
    import jax

    @jax.tree_util.register_pytree_node_class
    @dataclasses.dataclass(frozen=True)
    class Config:
        qtype: str = "int8"
        tile: int = 1
        noise: object = None
        scale: float = 1.0

        def tree_flatten(self):
{body}
    """


def _flattened(body: str) -> frozenset[str]:
    return _static_fields(_FIELDS_CLASS.format(body=textwrap.indent(
        textwrap.dedent(body).strip("\n"), " " * 12)))


def test_a_dict_of_the_dataclass_fields_less_what_is_deleted_is_aux_data() -> None:
    assert _flattened("""
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        del aux["noise"]
        aux.pop("scale")
        return (self.noise, self.scale), aux
        """) == {"qtype", "tile"}
    assert _flattened("""
        return (), {f.name: getattr(self, f.name) for f in dataclasses.fields(type(self))
                    if f.name not in ("noise", "scale")}
        """) == {"qtype", "tile"}
    assert _flattened("""
        aux = dataclasses.asdict(self)
        del aux["noise"], aux["scale"]
        return (self.noise, self.scale), aux
        """) == {"qtype", "tile"}


def test_a_fields_dict_changed_otherwise_says_nothing() -> None:
    # a filter not read, an entry removed by a computed name, the dict handed to a call,
    # the dict tested, the dict also a child
    for body in (
        """
        return (), {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                    if f.metadata.get("static")}
        """,
        """
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for name in LEAVES:
            del aux[name]
        return (), aux
        """,
        """
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        strip(aux)
        return (), aux
        """,
        """
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if "noise" in aux:
            aux.pop("noise")
        return (), aux
        """,
        """
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return (aux,), aux
        """,
        """
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(other)}
        return (), aux
        """,
    ):
        assert _flattened(body) == frozenset(), body
