"""The catalog: what JAX names mean, as tables (imports nothing from jaxpure)."""

from __future__ import annotations

import dataclasses

import pytest

from jaxpure.analysis.catalog.transforms import TRANSFORMS, lookup
from jaxpure.analysis.lattice import Kind, is_traced, join


def test_a_configured_wrapper_keeps_every_property_of_the_transform_it_wraps():
    wrapper = lookup("m.scan", {"m.scan": "jax.lax.scan"})
    assert wrapper is not None and wrapper.name == "m.scan"
    assert wrapper.caches_stable_bodies is True
    assert dataclasses.replace(wrapper, name="jax.lax.scan") == TRANSFORMS["jax.lax.scan"]


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_every_transform_wrapped_by_a_configured_name_is_the_same_but_for_its_name(name):
    wrapper = lookup("project.wrapped", {"project.wrapped": name})
    assert dataclasses.replace(wrapper, name=name) == TRANSFORMS[name]


def test_a_name_that_is_no_transform_is_none():
    assert lookup("m.scan") is None
    assert lookup("m.scan", {"m.scan": "not.a.transform"}) is None


def test_lax_bodies_are_named_by_keyword_in_body_order():
    assert TRANSFORMS["jax.lax.cond"].body_keywords == ("true_fun", "false_fun")
    assert TRANSFORMS["jax.lax.while_loop"].body_keywords == ("cond_fun", "body_fun")


def test_kinds_are_ordered_so_that_traced_kinds_come_last():
    assert [k for k in Kind if is_traced(k)] == [Kind.TRACED_CONTAINER, Kind.TRACED,
                                                 Kind.TRACED_ARRAY]
    assert join(Kind.TRACED_ARRAY, Kind.STATIC) is Kind.TRACED_ARRAY
    assert join(Kind.STATIC, Kind.NUMPY) == Kind.UNKNOWN
