"""The analysis' notion of a place a function swaps and restores (module/swaps.py), one
for every kind of place: a global name, a module's attribute, an argument's attribute."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.module.swaps import swapped_paths


def _swapped(source: str) -> frozenset[str]:
    function = cst.parse_module(textwrap.dedent(source)).body[0]
    return swapped_paths(function)


def test_straight_line_finally_and_with_swaps():
    assert _swapped("""
        def f(fn, x, state, p):
            global FLAG
            old = nn.CALLBACK
            flag = FLAG
            FLAG = True
            nn.CALLBACK = cb
            with LOCK:
                saved = state.params
                state.params = p
                out = fn(x)
                state.params = saved
            try:
                return fn(out)
            finally:
                nn.CALLBACK = old
                FLAG = flag
        """) == {"nn.CALLBACK", "state.params", "FLAG"}


def test_unrestored_one_path_or_early_return_is_no_swap():
    assert _swapped("""
        def f(fn, x, flag):
            old = nn.A
            nn.A = cb
            nn.B = cb
            out = fn(x)
            if flag:
                nn.A = old
            saved = nn.C
            nn.C = cb
            if flag:
                return out
            nn.C = saved
            kept = nn.D
            nn.D = cb
            nn.D = kept * 2
            return out
        """) == frozenset()
