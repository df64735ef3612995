"""Node shapes (layer 1 of analysis-layers.md): helpers that read libcst nodes and know
nothing of JAX. Callers import them from here; the parts import each other directly,
never this package, so no import runs in a circle.

- nodes.py: fields and children of a node, walks under it, the names it reads;
- literals.py: arguments of calls and literal values;
- paths.py: where a value is kept, as text (``self.key``, ``rngs['dropout']``);
- blocks.py: a function's own statements and returns, its assignments, how a block ends;
- branches.py: what encloses a node, and which nodes no single run reaches both of.
"""

from __future__ import annotations

from jaxpure.analysis.syntax.nodes import (
    COMPREHENSIONS,
    NODE_TYPES,
    CHILD_FIELDS,
    CallShape,
    child_fields,
    children,
    push_children,
    contains,
    descendants,
    free_names,
    mentions,
    names_in,
    reads_any,
    target_names,
)
from jaxpure.analysis.syntax.literals import (
    AT_METHODS,
    at_update_base,
    at_update_method,
    call_arg,
    int_literals,
    is_int_literal,
    keyword_arg,
    positional_args,
    str_literals,
)
from jaxpure.analysis.syntax.paths import (
    argument_names,
    argument_paths,
    array_of_keys,
    key_path,
    path_root,
    target_paths,
)
from jaxpure.analysis.syntax.blocks import (
    COMPOUND,
    assigned_in,
    assignment_of,
    assignments_in,
    declared_type,
    ends_by_leaving,
    inner_statements,
    lazily_initialised,
    leaves_loop,
    leaving_block,
    own_loops,
    own_returns,
    own_statements,
    returned_values,
    single_assignment,
    statements,
)
from jaxpure.analysis.syntax.branches import (
    enclosing_if_tests,
    enclosing_nodes,
    enclosing_try_handlers,
    handler_catches,
    none_test,
    on_exclusive_branches,
)

__all__ = [
    "AT_METHODS",
    "COMPOUND",
    "COMPREHENSIONS",
    "NODE_TYPES",
    "argument_names",
    "argument_paths",
    "array_of_keys",
    "assigned_in",
    "assignment_of",
    "assignments_in",
    "at_update_base",
    "at_update_method",
    "call_arg",
    "CHILD_FIELDS",
    "CallShape",
    "child_fields",
    "children",
    "push_children",
    "contains",
    "declared_type",
    "descendants",
    "enclosing_if_tests",
    "enclosing_nodes",
    "enclosing_try_handlers",
    "ends_by_leaving",
    "free_names",
    "handler_catches",
    "inner_statements",
    "int_literals",
    "is_int_literal",
    "key_path",
    "keyword_arg",
    "lazily_initialised",
    "leaves_loop",
    "leaving_block",
    "mentions",
    "names_in",
    "none_test",
    "on_exclusive_branches",
    "own_loops",
    "own_returns",
    "own_statements",
    "path_root",
    "positional_args",
    "reads_any",
    "returned_values",
    "single_assignment",
    "statements",
    "str_literals",
    "target_names",
    "target_paths",
]
