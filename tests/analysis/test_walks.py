"""The cheap walks the analysis uses in place of libcst visitors and whole-module maps:
they must find what a full visit finds."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.syntax import descendants, own_returns, own_statements
from tests.analysis.harness import events


class _AllNodes(cst.CSTVisitor):
    def __init__(self) -> None:
        self.seen: list[cst.CSTNode] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.seen.append(node)
        return True


def test_descendants_are_every_node_a_visitor_sees():
    module = cst.parse_module(textwrap.dedent("""
        @jax.jit
        def f(x, *, y=[1, 2]):
            g = lambda z: z[1:n, ::2] if z is not None else {"a": f"{z!r}"}
            with open(p) as h, ctx():
                return g(x) + (yield)
        """))
    visitor = _AllNodes()
    module.visit(visitor)
    code = (cst.BaseExpression, cst.BaseStatement, cst.BaseSmallStatement, cst.BaseSlice,
            cst.Slice, cst.Param, cst.Arg, cst.WithItem, cst.Element, cst.DictElement)
    # names that only name (`def f`, `.attr`, `as h`, parameters) are not children
    walked = [n for n in descendants(module) if isinstance(n, code) and type(n) is not cst.Name]
    visited = [n for n in visitor.seen[1:] if isinstance(n, code) and type(n) is not cst.Name]
    assert len(walked) > 30
    assert {id(n) for n in walked} == {id(n) for n in visited}


def test_key_draw_under_raises_in_a_match_case_is_not_a_use():
    # the with-statement search reaches a `with pytest.raises` nested in a match case
    source = """
        import jax, pytest

        def check(key, mode):
            a = jax.random.normal(key)
            match mode:
                case "x":
                    with pytest.raises(TypeError):
                        print(jax.random.normal(key, (3,)))
            return a
        """
    # (printed: a second draw thrown away is no use either, key_uses.draw_result_dead)
    assert events(source) == []
    assert events(source.replace("with pytest.raises(TypeError):", "if mode:")) == [
        ("KeyReuse", "key", 9)]


_OWN = """
def f(x):
    a = 1
    if x: return a
    elif a: b = 2
    else: c = 3
    for i in x:
        d = i
    else:
        e = 4
    while x: f2 = 5
    with g() as h:
        i2 = 6
    try:
        j = 7
    except E:
        k = 8
    else:
        m = 9
    finally:
        n = 10
    try:
        o = 11
    except* E:
        p = 12
    match x:
        case 1: q = 13
        case _:
            r = 14
    def inner():
        s = 15
        return s
    class C:
        t = 16
        def method(self):
            u = 17
    v = lambda: 18
    return x
"""


def test_own_statements_take_every_block_and_nested_bodies_only_when_asked():
    # (a try's `else` comes before its handlers: the order of inner_statements)
    function = cst.parse_module(_OWN).body[0]
    assert isinstance(function, cst.FunctionDef)
    written = [cst.Module([]).code_for_node(s) for s in own_statements(function.body)]
    assert written == ["a = 1", "return a", "b = 2", "c = 3", "d = i", "e = 4", "f2 = 5",
                       "i2 = 6", "j = 7", "m = 9", "k = 8", "n = 10", "o = 11", "p = 12",
                       "q = 13", "r = 14", "v = lambda: 18", "return x"]
    nested = [cst.Module([]).code_for_node(s) for s in own_statements(function.body, nested=True)]
    assert nested == written[:16] + ["s = 15", "return s", "t = 16", "u = 17"] + written[16:]
    assert [cst.Module([]).code_for_node(r) for r in own_returns(function)] == \
        ["return a", "return x"]
