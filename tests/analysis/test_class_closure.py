"""class_closure settles static members of classes across modules (module/class_closure.py)."""

from __future__ import annotations

from dataclasses import dataclass

from jaxpure.analysis.module.class_closure import class_closure
from jaxpure.analysis.module.field_index import FieldNames


@dataclass(frozen=True)
class _Summary:
    static_members: tuple = ()
    class_conditions: tuple = ()
    class_fields: tuple = ()
    classes: tuple = ()
    field_names: FieldNames = FieldNames()


def test_a_field_holding_its_own_class_gets_paths_without_changing_the_set_it_reads() -> None:
    # a tree node whose `child` field holds another node: its static members are paths of
    # its own class, so the set grown and the set read are the same one
    node = _Summary(static_members=(("Node", ("arity",)),),
                    class_fields=(("Node", (("child", "pkg.tree.Node"),)),))
    static = class_closure({"pkg.tree": (node, "tree.py", "pkg/tree.py")}, {})
    assert {"arity", "child.arity"} <= static["pkg.tree.Node"]


def test_a_field_holding_another_class_adds_its_members_as_paths() -> None:
    params = _Summary(static_members=(("Params", ("links",)),))
    model = _Summary(class_fields=(("Model", (("params", "pkg.params.Params"),)),))
    static = class_closure({"pkg.params": (params, "params.py", "pkg/params.py"),
                            "pkg.model": (model, "model.py", "pkg/model.py")}, {})
    assert static["pkg.model.Model"] == {"params.links"}


def test_a_subclass_in_another_module_inherits_its_bases_static_members() -> None:
    # fdtdx's Detector(SimulationObject): the base's frozen slice and the property over it
    base = _Summary(static_members=(("Object", ("_slice", "grid_slice")),),
                    classes=(("Object", (), ("grid_slice",)),))
    sub = _Summary(classes=(("Detector", ("pkg.object.Object",), ()),
                            ("Shifted", ("pkg.object.Object",), ("grid_slice",))))
    static = class_closure({"pkg.object": (base, "object.py", "pkg/object.py"),
                            "pkg.detector": (sub, "detector.py", "pkg/detector.py")}, {})
    assert static["pkg.detector.Detector"] == {"_slice", "grid_slice"}
    assert static["pkg.detector.Shifted"] == {"_slice"}  # it overrides the property
    # a module making the base's static field a leaf: its subclasses inherit nothing
    leaf = _Summary(classes=(("Redeclared", ("pkg.object.Object",), ()),),
                    field_names=FieldNames(data=("_slice",)))
    static = class_closure({"pkg.object": (base, "object.py", "pkg/object.py"),
                            "pkg.leaf": (leaf, "leaf.py", "pkg/leaf.py")}, {})
    assert not static.get("pkg.leaf.Redeclared")
