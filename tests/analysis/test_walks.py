"""The cheap walks the analysis uses in place of libcst visitors and whole-module maps:
they must find what a full visit finds."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.syntax import descendants
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
