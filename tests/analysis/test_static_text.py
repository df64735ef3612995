"""Text complete at trace time (queries/side_effects.py): what a print formats, and whether
each of those values is known while tracing."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis.pipeline import analyze
from jaxpure.analysis.queries.side_effects import printed_values, static_text


def printed(source: str) -> list[tuple[str, bool]]:
    """Each value the first ``print(...)`` of ``source`` formats, and whether it is text
    complete at trace time, as the walk sees it there."""
    module = cst.parse_module(textwrap.dedent(source))
    seen: list[tuple[str, bool]] = []

    def record(node: cst.Call, ctx) -> None:
        if not seen and type(node.func) is cst.Name and node.func.value == "print":
            seen.extend((module.code_for_node(v), static_text(ctx, v)) for v in printed_values(node))

    analyze(module, {cst.Call: [record]})
    return seen


def test_the_fields_of_implicitly_concatenated_f_strings_are_printed_values():
    assert printed("""
        import jax

        @jax.jit
        def f(x):
            print(
                f"shape {x.shape}, "
                "then "
                f"value {x}"
            )
            return x
    """) == [("x.shape", True), ("x", False)]


def test_concatenated_literals_alone_print_no_value():
    assert printed("""
        import jax

        @jax.jit
        def f(x):
            print("compiling " "f")
            return x
    """) == []


def test_the_class_name_of_a_traced_value_is_static_text():
    assert printed("""
        import jax

        @jax.jit
        def f(solver, x):
            print(
                f"{solver.__class__.__name__} is not marked as converging, "
                f"{type(x).__name__}"
            )
            return x
    """) == [("solver.__class__.__name__", True), ("type(x).__name__", True)]


def test_the_class_name_of_a_value_of_unknown_kind_is_static_text():
    assert printed("""
        import jax

        def run(solver, x):
            print(f"{solver.__class__.__name__}")
            return x

        @jax.jit
        def f(x):
            return run(make_solver(), x)
    """) == [("solver.__class__.__name__", True)]


def test_the_names_of_a_trees_paths_are_static_text_its_leaves_are_not():
    # paxml logs praxis's `extract_prefixed_keys_from_nested_map(tree)`: key paths as text
    assert printed("""
        import jax
        from praxis import py_utils

        @jax.jit
        def f(params):
            print(
                jax.tree_util.tree_map_with_path(lambda p, _: jax.tree_util.keystr(p), params),
                py_utils.extract_prefixed_keys_from_nested_map(params),
                jax.tree_util.tree_map_with_path(lambda p, x: jax.tree_util.keystr(p) + str(x), params),
                jax.tree_util.tree_map_with_path(lambda p, x: x, params),
            )
            return params
    """) == [
        ("jax.tree_util.tree_map_with_path(lambda p, _: jax.tree_util.keystr(p), params)", True),
        ("py_utils.extract_prefixed_keys_from_nested_map(params)", True),
        ("jax.tree_util.tree_map_with_path(lambda p, x: jax.tree_util.keystr(p) + str(x), params)",
         False),
        ("jax.tree_util.tree_map_with_path(lambda p, x: x, params)", False),
    ]
