"""Class facts across modules: a summary carries each class's static members, and the
module that imports the class gets them as a class-facts seed (summary.py)."""

from __future__ import annotations

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.summary import CLASS_FACTS, ModuleSummary, propagate


def _summary(module: str, reexports=(), classes=()) -> ModuleSummary:
    """``classes``: (class, its static members) for each class of ``module``."""
    return ModuleSummary(module, frozenset(), (), tuple(reexports), static_members=tuple(classes))


def _project(*modules: ModuleSummary) -> dict[str, tuple[ModuleSummary, str, str]]:
    paths = {m.module: m.module.replace(".", "/") + ".py" for m in modules}
    return {m.module: (m, paths[m.module], paths[m.module]) for m in modules}


def test_a_summary_with_class_facts_round_trips_through_json() -> None:
    summary = _summary("pkg.geometry", classes=[("PointCloud", ("batch_size", "is_online"))])
    assert ModuleSummary.from_json(summary.to_json()) == summary


def test_the_importing_module_gets_the_class_facts_and_the_defining_one_does_not() -> None:
    seeds = propagate(_project(
        _summary("pkg.geometry", classes=[("PointCloud", ("is_online",))]),
        _summary("pkg.kmeans", reexports=[("Cloud", "pkg.geometry.PointCloud")]),
        _summary("pkg.other", reexports=[("dense", "pkg.layers.dense")])))
    assert list(seeds) == ["pkg.kmeans"]
    (seed,) = seeds["pkg.kmeans"]
    assert (seed.function, seed.via, seed.keywords, seed.source) == (
        "Cloud", CLASS_FACTS, (("is_online", L.STATIC),), "pkg/geometry.py")


def test_class_facts_follow_a_package_reexport() -> None:
    seeds = propagate(_project(
        _summary("pkg.geometry", classes=[("PointCloud", ("cost_rank",))]),
        _summary("pkg", reexports=[("PointCloud", "pkg.geometry.PointCloud")]),
        _summary("app", reexports=[("PointCloud", "pkg.PointCloud")])))
    assert [s.keywords for s in seeds["app"]] == [(("cost_rank", L.STATIC),)]


def test_a_package_import_names_the_classes_of_its_modules() -> None:
    """`import pkg.api as js` then `js.model.Model` (jaxsim's style): the facts of every
    class in the package's modules, under the names the importing module can write."""
    seeds = propagate(_project(
        _summary("pkg.api", reexports=[("model", "pkg.api.model")]),
        _summary("pkg.api.model", classes=[("Model", ("dofs",))]),
        _summary("pkg.rbda", reexports=[("js", "pkg.api")])))
    assert [(s.function, s.keywords) for s in seeds["pkg.rbda"]] == [
        ("js.model.Model", (("dofs", L.STATIC),))]


# -- composing class facts (module/class_facts.py) -------------------------------------

PYTREES = '''\
import abc
import dataclasses
from typing import Optional

import jax
import jax.numpy as jnp

from .joints import Joints


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    masses: jax.Array
    joints: Joints
    links: tuple = dataclasses.field(metadata=dict(static=True))

    def number_of_links(self):
        return len(self.links)

    def number_of_joints(self):
        return len(self.joints.names) - 1

    def total_mass(self):
        return self.masses.sum()

    def inertia(self):
        return jnp.diag(self.masses)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Model:
    params: Optional[Params]
    spare: "Params | None"
    name: str = dataclasses.field(metadata=dict(static=True))

    def number_of_links(self):
        return self.params.number_of_links()

    def dofs(self):
        count = self.params.number_of_joints()
        return sum(d for d in self.params.joints.dofs[1:count] if d > 0)

    def mass(self):
        return self.params.total_mass()

    def inertia(self):
        return self.spare.inertia()

    def leaf(self):
        return self.params.masses


class Shape(abc.ABC):
    @property
    @abc.abstractmethod
    def lead(self):
        """The leading axes."""

    @property
    def size(self):
        return 0


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Flat(Shape):
    data: jax.Array

    @property
    def lead(self):
        return self.data.shape[:-1]

    @property
    def size(self):
        return self.data.size


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Picked(Shape):
    data: jax.Array
    axes: tuple = dataclasses.field(metadata=dict(static=True))

    @property
    def lead(self):
        return {a: self.data.shape[a] for a in self.axes}

    @property
    def size(self):
        return self.data.sum()
'''


def _facts(source: str, imported: dict[str, frozenset[str]]):
    import libcst as cst

    from jaxpure.analysis.module.class_facts import ClassFacts
    from jaxpure.analysis.module.index import build_index
    from jaxpure.analysis.module.resolve import Resolver

    module = cst.parse_module(source)
    index = build_index(module, "pkg")
    return ClassFacts(module, index, Resolver(index), imported)


def test_methods_compose_static_members_through_fields_of_imported_classes() -> None:
    facts = _facts(PYTREES, {"Joints": frozenset({"dofs", "names"})})
    assert facts.static_method("number_of_links")  # through Params, a class of this module
    assert facts.static_method("dofs")  # a static local, a comprehension, Joints' field
    assert facts.static_method("number_of_joints")
    # a leaf, an array, and a method of a field's class that returns one: traced
    assert not facts.static_method("mass")
    assert not facts.static_method("inertia")
    assert not facts.static_method("leaf")
    assert facts.field_class("Model", "params") == ("local", "Params")
    assert facts.field_class("Model", "spare") == ("local", "Params")
    assert facts.field_class("Params", "joints") == ("imported", "Joints")


def test_without_the_imported_facts_nothing_composes_through_the_field() -> None:
    facts = _facts(PYTREES, {})
    assert facts.static_method("number_of_links")
    assert not facts.static_method("number_of_joints")
    assert not facts.static_method("dofs")


def test_a_summary_carries_static_paths_through_fields() -> None:
    facts = _facts(PYTREES, {"Joints": frozenset({"dofs", "names"})})
    assert facts.members("Params") == {"links", "number_of_links", "number_of_joints",
                                       "joints.dofs", "joints.names"}
    assert {"name", "number_of_links", "dofs", "params.joints.dofs",
            "params.number_of_links"} <= facts.members("Model")
    assert not {"mass", "inertia", "leaf", "params.total_mass"} & facts.members("Model")


def test_a_property_is_static_when_every_override_is() -> None:
    facts = _facts(PYTREES, {})
    assert facts.static_method("lead", as_property=True)  # the abstract one aside
    assert not facts.static_method("size", as_property=True)  # `self.data.sum()` in one


STATIC_ONLY = '''\
import dataclasses

import jax


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Slot:
    pass


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Named(Slot):
    label: str = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Holder:
    label: str = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Loaded(Holder):
    value: jax.Array


class Empty:
    pass


class Variable:
    def __init__(self, label, value):
        self.label = label
        self.value = value

    def get_slot(self):
        return Named(label=self.label)

    def holder(self):
        return Loaded(self.label, self.value)


@jax.jit
def f(leaves):
    for leaf in leaves:
        if isinstance(leaf, Slot):
            a = leaf
        if isinstance(leaf, Holder):
            b = leaf
'''


def test_a_class_whose_fields_and_subclasses_fields_are_all_static_holds_no_tracer() -> None:
    facts = _facts(STATIC_ONLY, {})
    assert facts.holds_no_tracer("Slot") and facts.holds_no_tracer("Named")
    assert not facts.holds_no_tracer("Holder")  # a subclass holds a leaf
    assert not facts.holds_no_tracer("Loaded")
    assert not facts.holds_no_tracer("Empty")  # no field says what it is
    # built from static values, an instance of such a class is a static value
    assert facts.static_method("get_slot") and not facts.static_method("holder")


def test_isinstance_narrows_a_leaf_to_a_class_of_static_fields_only() -> None:
    from harness import kind_at

    assert kind_at(STATIC_ONLY, "leaf", 2) == L.STATIC
    assert L.is_traced(kind_at(STATIC_ONLY, "leaf", 4))


def test_members_that_need_facts_of_other_modules_wait_for_the_summaries() -> None:
    """Without the facts of `Joints` (another module, not yet analysed), `number_of_joints`
    and `Model.dofs` are static only if `Joints.names`/`Joints.dofs` are: the summary
    carries the condition, by qualified names, and the classes fields hold."""
    facts = _facts(PYTREES, {})
    conditions, fields = facts.summary("pkg.model")
    assert dict(conditions)["Params"] == (
        ("number_of_joints", (("pkg.joints.Joints", "names"),)),)
    assert ("dofs", (("pkg.joints.Joints", "dofs"), ("pkg.joints.Joints", "names"))) \
        in dict(conditions)["Model"]
    assert dict(dict(fields)["Model"])["params"] == "pkg.model.Params"
    assert dict(dict(fields)["Params"])["joints"] == "pkg.joints.Joints"
    summary = ModuleSummary("pkg.model", frozenset(), (), class_conditions=conditions,
                            class_fields=fields)
    assert ModuleSummary.from_json(summary.to_json()) == summary
    from jaxpure import cache

    assert cache._decode_summary(summary.to_json()) == summary
    damaged = summary.to_json()[:12] + [[["Model", [["params", 3]]]]]
    assert cache._decode_summary(damaged) is None


def test_propagation_settles_a_chain_of_classes_across_modules_in_one_step() -> None:
    """joints.Joints -> params.Params (a method over a field's field) -> model.Model (a
    method delegating to the field's method, a path through two fields): the importer of
    Model learns all of it from the first summaries, through a package re-export too."""
    project = _project(
        _summary("pkg.joints", classes=[("Joints", ("dofs", "names"))]),
        _summary("pkg", reexports=[("Joints", "pkg.joints.Joints")]),
        ModuleSummary("pkg.params", frozenset(), (), static_members=(("Params", ("links",)),),
                      class_conditions=(("Params", (("count", (("pkg.Joints", "names"),)),)),),
                      class_fields=(("Params", (("joints", "pkg.Joints"),)),)),
        ModuleSummary("pkg.model", frozenset(), (),
                      class_conditions=(("Model", (
                          ("count", (("pkg.params.Params", "count"),)),
                          ("dofs", (("pkg.params.Params", "joints.dofs"),)),
                          ("masses", (("pkg.params.Params", "masses"),)))),),
                      class_fields=(("Model", (("params", "pkg.params.Params"),)),)),
        _summary("app", reexports=[("Model", "pkg.model.Model")]))
    (seed,) = propagate(project)["app"]
    members = {name for name, _kind in seed.keywords}
    assert {"count", "dofs", "params.links", "params.count", "params.joints.dofs"} <= members
    assert "masses" not in members  # `Params.masses` is no static member


def test_a_textual_summary_reads_parenthesised_and_commented_imports() -> None:
    from jaxpure.prefilter import textual_summary

    source = "from . import a  # isort:skip\nfrom .b import (\n    c,  # note\n    d as e,\n)\n"
    assert textual_summary("pkg", "pkg", source).reexports == (
        ("a", "pkg.a"), ("c", "pkg.b.c"), ("e", "pkg.b.d"))


def test_a_class_building_static_instances_is_told_to_its_importers() -> None:
    from jaxpure.analysis.module.summary import Seed
    from jaxpure.analysis.pipeline import analyze
    import libcst as cst

    seeds = propagate(_project(
        _summary("pkg.errors", classes=[("FallbackWarning", ("__init__",))]),
        _summary("pkg.sample", reexports=[("FallbackWarning", "pkg.errors.FallbackWarning")])))
    (seed,) = seeds["pkg.sample"]
    assert isinstance(seed, Seed) and seed.keywords == (("__init__", L.STATIC),)
    module = cst.parse_module("from pkg.errors import FallbackWarning\n")
    ctx = analyze(module, {}, seeds=[seed])
    assert ctx.facts.imported_static_instances == frozenset({"FallbackWarning"})
    assert ctx.facts.imported_classes == {"FallbackWarning": frozenset()}


def test_a_textual_summary_gives_the_reexports_a_parsed_summary_gives() -> None:
    # else a file answered from its text gets seeds that its parsed summary withdraws, and
    # the rounds across modules flip it between the two until their limit
    from jaxpure.analysis.module.summary import Seed
    from jaxpure.engine import analyze_source
    from jaxpure.prefilter import textual_summary

    source = ("from . import a\nfrom .b import c as d\nfrom optax._src import alias\n"
              "from functools import partial\nfrom pkg.e import f\n")
    textual = textual_summary("pkg.m", "pkg", source)
    importer = Seed("", "", None, None, "`pkg.a` in pkg/a.py", (), ())  # makes it parsed
    parsed = analyze_source(source, "m.py", package="pkg", seeds=[importer]).summary
    assert parsed is not None
    assert set(textual.reexports) == set(parsed.reexports) == {
        ("a", "pkg.a"), ("d", "pkg.b.c"), ("f", "pkg.e.f")}
