"""Project aux-field decorators (module/aux_decorators.py): what a decorator's body must do
for the fields its parameter names to be static, and how the facts travel in a seed."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.module.aux_decorator_index import AuxDecorator
from jaxpure.analysis.pipeline import analyze

_DECORATOR = """
    import dataclasses
    from functools import partial
    from jax.tree_util import register_pytree_node

    def pytree_dataclass(cls, aux_fields=None, aux_invert=False, **kwargs):
        cls = dataclasses.dataclass(cls, **kwargs)
        if aux_fields is None:
            aux_fields = ()
        elif aux_fields is Ellipsis:
            aux_fields = [f.name for f in dataclasses.fields(cls)]
        aux_names = [f.name for f in dataclasses.fields(cls) if f.name in aux_fields]
        child_names = [f.name for f in dataclasses.fields(cls) if f.name not in aux_fields]
        if aux_invert:
            aux_names, child_names = child_names, aux_names

        def flatten(obj):
            return (tuple(getattr(obj, n) for n in CHILDREN),
                    tuple(getattr(obj, n) for n in AUX))

        register_pytree_node(cls, flatten, lambda aux, children: cls(*children, *aux))
        return cls
"""


def _static(classes: str, children: str = "child_names", aux: str = "aux_names") -> frozenset[str]:
    source = textwrap.dedent(_DECORATOR).replace("CHILDREN", children).replace("AUX", aux) \
        + textwrap.dedent(classes)
    ctx = analyze(cst.parse_module(source), {})
    return ctx.facts.class_facts.local_static_fields


def test_fields_named_by_ellipsis_or_a_tuple_are_static_and_the_others_are_not() -> None:
    static = _static("""
        @partial(pytree_dataclass, aux_fields=Ellipsis, frozen=True)
        class Config:
            grid: tuple
            order: int = 2

        @partial(pytree_dataclass, aux_fields=("steps",))
        class State:
            steps: int
            values: object = None
        """)
    assert {"grid", "order", "steps"} <= static
    assert "values" not in static


def test_no_field_is_static_when_the_split_is_not_the_named_one() -> None:
    classes = """
        @partial(pytree_dataclass, aux_fields=("steps",))
        class State:
            steps: int
        """
    # the flatten returns the names `not in` aux_fields as the aux data
    assert "steps" not in _static(classes, children="aux_names", aux="child_names")
    # an application that inverts the split (`aux_invert` keeps its default only if not given)
    assert "steps" not in _static(classes.replace('("steps",)', '("steps",), aux_invert=True'))
    # a string when the decorator never makes one a tuple: `name in "steps"` tests substrings
    assert "steps" not in _static(classes.replace('("steps",)', '"steps"'))
    # no aux_fields at all
    assert "steps" not in _static(classes.replace('aux_fields=("steps",)', 'frozen=True'))


def test_a_seeded_decorator_of_another_module_makes_the_fields_static() -> None:
    from jaxpure.analysis.module.aux_decorator_index import AUX_DECORATORS
    from jaxpure.analysis.module.summary import Seed

    facts = AuxDecorator("aux_fields", True, True, ("aux_invert",))
    assert AuxDecorator.decode(facts.encode()) == facts
    seed = Seed("", AUX_DECORATORS, None, None, "pkg.tree_util.pytree_dataclass", (),
                facts.encode(), False, "pkg/tree_util.py")
    source = textwrap.dedent("""
        from functools import partial
        from pkg.tree_util import pytree_dataclass

        @partial(pytree_dataclass, aux_fields=Ellipsis, frozen=True)
        class Config:
            grid: tuple

        @partial(pytree_dataclass, aux_fields="conf")
        class Particles:
            conf: Config
            disp: object = None
        """)
    ctx = analyze(cst.parse_module(source), {}, seeds=[seed])
    static = ctx.facts.class_facts.local_static_fields
    assert {"grid", "conf"} <= static and "disp" not in static


def test_a_property_of_a_class_defined_in_a_function_is_no_static_field() -> None:
    # score_sde's `RSDE`, defined in a method: the module has no class facts for it, and
    # the summary's property fields once asked for them and crashed the file's analysis
    from jaxpure.engine import analyze_source

    source = textwrap.dedent("""
        import jax

        class Outer:
            @property
            def size(self):
                return 3

        def reverse():
            class RSDE:
                @property
                def n(self):
                    return 3
            return RSDE()
    """)
    analysis = analyze_source(source, "sde_lib.py")
    assert analysis.result.error is None
    assert analysis.summary is not None
    assert "size" in analysis.summary.field_names.static
    assert "n" not in analysis.summary.field_names.static
