"""Stateful key sources (module/key_sources.py, module/key_source_index.py): a method of a
project class that replaces its stored key from its split and returns a subkey hands out a
new key at each call; other modules that call it on key-named values are told."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.key_source_index import KEY_SOURCES, KeySources
from jaxpure.analysis.module.key_sources import local_key_sources, source_calls
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.summary import ModuleSummary, propagate


def _sources(source: str) -> tuple[frozenset[str], tuple[str, ...]]:
    index = build_index(cst.parse_module(textwrap.dedent(source)), None)
    return local_key_sources(Resolver(index), index), source_calls(index)


def test_a_method_rebinding_its_key_and_returning_a_subkey_is_a_source() -> None:
    methods, _calls = _sources("""
        import jax
        from jax import random

        class PRNG:
            def split(self):
                (self.key, subkey) = jax.random.split(self.key)
                return subkey

            def take(self, n):
                self.rng, *keys = random.split(self.rng, n + 1)
                return keys

            def peek(self):
                return self.key

            def other_field(self):
                self.key, sub = jax.random.split(self.base)
                return sub

            def returns_field(self):
                self.key, sub = jax.random.split(self.key)
                return self.key
        """)
    assert methods == {"split", "take"}


def test_a_name_another_class_defines_otherwise_is_no_source() -> None:
    methods, _calls = _sources("""
        import jax

        class PRNG:
            def split(self):
                self.key, sub = jax.random.split(self.key)
                return sub

        class Stuck:
            def split(self):
                return self.key
        """)
    assert methods == frozenset()


def test_a_method_handing_the_call_on_leaves_the_name_a_source() -> None:
    methods, _calls = _sources("""
        import jax

        class Ctx:
            def next_rng_key(self):
                self._rng, new_rng = jax.random.split(self._rng)
                return new_rng

        class Stack:
            def next_rng_key(self):
                return self.stack[-1].next_rng_key()
        """)
    assert methods == {"next_rng_key"}


def test_the_methods_called_with_no_argument_on_key_named_values() -> None:
    _methods, calls = _sources("""
        def f(x, rng, data):
            data.split()
            rng.fold(x)
            return rng.split(), rng.next()
        """)
    assert calls == ("next", "split")


def test_a_module_calling_a_source_of_another_is_told_once_per_declaring_module() -> None:
    def summary(module: str, methods=(), calls=()) -> ModuleSummary:
        return ModuleSummary(module, frozenset(), (), key_sources=KeySources(
            tuple(methods), tuple(calls)))

    modules = [summary("lib.diffusion", calls=["split", "next"]),
               summary("jaxtorch.core", methods=["split"]), summary("other", calls=["peek"])]
    seeds = propagate({m.module: (m, m.module.replace(".", "/") + ".py", "") for m in modules})
    told = {module: [(s.origin, [name for name, _kind in s.keywords]) for s in found
                     if s.via == KEY_SOURCES] for module, found in seeds.items()}
    assert told == {"lib.diffusion": [("jaxtorch/core.py", ["split"])]}
    data = modules[1].to_json()
    assert ModuleSummary.from_json(data) == modules[1]
    from jaxpure import cache
    assert cache._decode_summary(data) == modules[1]
    assert cache._decode_summary(data[:25] + [[["split"], [1]]]) is None
