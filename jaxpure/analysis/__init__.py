"""Shared inference: names, traced functions, traced values. Knows no rule.

Node tests are written ``type(node) is cst.Name`` rather than ``isinstance``: libcst's node
classes derive from ``abc.ABC``, so an ``isinstance`` that fails (a ``Call`` tested against
``Name``) runs ``ABCMeta.__instancecheck__``, about a million times on the benchmark corpus
and an eighth of the analysis; the concrete node classes have no subclasses. Tests against
libcst's abstract bases (``cst.BaseExpression``) keep ``isinstance``.

This package is also the face the rules ask (design: analysis-layers.md §4.1): rules import
names from ``jaxpure.analysis`` only, never its modules. A name loads on first use (PEP 562
``__getattr__``), so importing the package stays cheap: runner, cache and prefilter import
``jaxpure.analysis.module.summary`` in the parent process, where libcst must not load early.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the same names, for type checkers: at run time __getattr__ loads them
    from jaxpure.analysis.context import Context as Context  # noqa: F401
    from jaxpure.analysis.lattice import (  # noqa: F401
        ARRAY as ARRAY,
        REF as REF,
        STATIC as STATIC,
        TRACED as TRACED,
        TRACED_ARRAY as TRACED_ARRAY,
        TRACED_CONTAINER as TRACED_CONTAINER,
        Kind as Kind,
        is_traced as is_traced,
    )
    from jaxpure.analysis.catalog.arrays import (  # noqa: F401
        ARRAY_ATTRS as ARRAY_ATTRS,
        CONCRETIZATION_ERRORS as CONCRETIZATION_ERRORS,
        OPERATOR_REDUCTIONS as OPERATOR_REDUCTIONS,
        STATIC_ATTRS as STATIC_ATTRS,
    )
    from jaxpure.analysis.catalog.shapes import SHAPE_ARGS as SHAPE_ARGS  # noqa: F401
    from jaxpure.analysis.catalog.pytrees import (  # noqa: F401
        NAMEDTUPLE_FACTORIES as NAMEDTUPLE_FACTORIES,
        PYTREE_BASES as PYTREE_BASES,
        PYTREE_DECORATORS as PYTREE_DECORATORS,
        PYTREE_REGISTRATIONS as PYTREE_REGISTRATIONS,
    )
    from jaxpure.analysis.catalog.side_effects import NONE_RETURNING as NONE_RETURNING  # noqa: F401
    from jaxpure.analysis.catalog.transforms import (  # noqa: F401
        BRANCH_PRIMITIVES as BRANCH_PRIMITIVES,
        CARRY_LOOPS as CARRY_LOOPS,
        CONTROL_FLOW as CONTROL_FLOW,
        Transform as Transform,
    )
    from jaxpure.analysis.syntax import (  # noqa: F401
        array_of_keys as array_of_keys,
        at_update_base as at_update_base,
        at_update_method as at_update_method,
        call_arg as call_arg,
        children as children,
        contains as contains,
        enclosing_if_tests as enclosing_if_tests,
        enclosing_try_handlers as enclosing_try_handlers,
        free_names as free_names,
        handler_catches as handler_catches,
        is_int_literal as is_int_literal,
        keyword_arg as keyword_arg,
        lazily_initialised as lazily_initialised,
        mentions as mentions,
        positional_args as positional_args,
        reads_any as reads_any,
        returned_values as returned_values,
        single_assignment as single_assignment,
        statements as statements,
        target_names as target_names,
    )
    from jaxpure.analysis.module.attributes import (  # noqa: F401
        attribute_path as attribute_path,
        self_param as self_param,
    )
    from jaxpure.analysis.module.bindings import single_value as single_value  # noqa: F401
    from jaxpure.analysis.module.imports import dotted_name as dotted_name  # noqa: F401
    from jaxpure.analysis.module.index import (  # noqa: F401
        MUTATING_METHODS as MUTATING_METHODS,
        Unit as Unit,
        literal_item_key as literal_item_key,
        refers_to_module as refers_to_module,
    )
    from jaxpure.analysis.module.resolve import enclosing_class as enclosing_class  # noqa: F401
    from jaxpure.analysis.module.traced import Origin as Origin  # noqa: F401
    from jaxpure.analysis.flow.keystate import (  # noqa: F401
        KeyReuse as KeyReuse,
        KeyReuseInLoop as KeyReuseInLoop,
    )
    from jaxpure.analysis.module.randomness_off import (  # noqa: F401
        unused_key_argument as unused_key_argument,
    )
    from jaxpure.analysis.flow.key_uses import (  # noqa: F401
        carry_initialiser_key as carry_initialiser_key,
    )
    from jaxpure.analysis.queries.stores import (  # noqa: F401
        Store as Store,
        indexed_by_own_key as indexed_by_own_key,
        is_nnx_style_write as is_nnx_style_write,
        mutable_default as mutable_default,
        mutable_default_param as mutable_default_param,
        result_used as result_used,
        root_name as root_name,
        self_fixed as self_fixed,
        stores as stores,
        traced_copy_self as traced_copy_self,
    )
    from jaxpure.analysis.queries.values import (  # noqa: F401
        array_field as array_field,
        axis_arguments as axis_arguments,
        holds_tracers as holds_tracers,
        is_python_table as is_python_table,
        is_string as is_string,
        keyed_by_string as keyed_by_string,
        memoiser as memoiser,
        names_mutable_container as names_mutable_container,
        names_numpy_array as names_numpy_array,
        unhashable_value as unhashable_value,
    )
    from jaxpure.analysis.queries.side_effects import (  # noqa: F401
        debug_print_call as debug_print_call,
        is_deprecation_warning as is_deprecation_warning,
        is_trace_message as is_trace_message,
        names_tested_value as names_tested_value,
        printed_values as printed_values,
        shows_traced as shows_traced,
        side_effect_of as side_effect_of,
        static_test as static_test,
        static_text as static_text,
    )
    from jaxpure.analysis.queries.callers import (  # noqa: F401
        forwarded_write_unobserved as forwarded_write_unobserved,
        write_unobserved as write_unobserved,
    )
    from jaxpure.analysis.queries.handed_back import handed_back as handed_back  # noqa: F401
    from jaxpure.analysis.queries.references import (  # noqa: F401
        bound_to_reference as bound_to_reference,
        reference_update as reference_update,
    )
    from jaxpure.analysis.queries.fresh_functions import (  # noqa: F401
        made_by as made_by,
        new_function_object as new_function_object,
    )
    from jaxpure.analysis.queries.per_call import (  # noqa: F401
        inherent_per_call as inherent_per_call,
        one_program_per_item as one_program_per_item,
    )
    from jaxpure.analysis.queries.repetition import (  # noqa: F401
        constant_iterable as constant_iterable,
        outlives_iteration as outlives_iteration,
        repeated_units as repeated_units,
        repeating_loop_node as repeating_loop_node,
        reused_by_structure as reused_by_structure,
        wrapper_transform as wrapper_transform,
    )
    from jaxpure.analysis.queries.guards import (  # noqa: F401
        calls_named as calls_named,
        catches_missing_key as catches_missing_key,
        expected_to_raise as expected_to_raise,
        fills_missing_entry_for_read as fills_missing_entry_for_read,
        guarded_by as guarded_by,
        holds_only_untraced as holds_only_untraced,
        key_for_structure_only as key_for_structure_only,
        none_fallback as none_fallback,
        runs_only_with_key as runs_only_with_key,
        tried_lookups as tried_lookups,
        under_rebuild_guard as under_rebuild_guard,
    )
    from jaxpure.analysis.queries.bound_calls import names_bound_to as names_bound_to  # noqa: F401
    from jaxpure.analysis.queries.defaults import (  # noqa: F401
        traced_call_leaving_out as traced_call_leaving_out,
    )
    from jaxpure.analysis.queries.structures import (  # noqa: F401
        Mismatch as Mismatch,
        Structure as Structure,
        branch_mismatch as branch_mismatch,
        loop_carry_mismatches as loop_carry_mismatches,
    )

# module -> the names of it the face exports
_EXPORTS: dict[str, tuple[str, ...]] = {
    'jaxpure.analysis.context': (
        'Context',
    ),
    'jaxpure.analysis.lattice': (
        'ARRAY',
        'REF',
        'STATIC',
        'TRACED',
        'TRACED_ARRAY',
        'TRACED_CONTAINER',
        'Kind',
        'is_traced',
    ),
    'jaxpure.analysis.catalog.arrays': (
        'ARRAY_ATTRS',
        'CONCRETIZATION_ERRORS',
        'OPERATOR_REDUCTIONS',
        'STATIC_ATTRS',
    ),
    'jaxpure.analysis.catalog.shapes': (
        'SHAPE_ARGS',
    ),
    'jaxpure.analysis.catalog.pytrees': (
        'NAMEDTUPLE_FACTORIES',
        'PYTREE_BASES',
        'PYTREE_DECORATORS',
        'PYTREE_REGISTRATIONS',
    ),
    'jaxpure.analysis.catalog.side_effects': (
        'NONE_RETURNING',
    ),
    'jaxpure.analysis.catalog.transforms': (
        'BRANCH_PRIMITIVES',
        'CARRY_LOOPS',
        'CONTROL_FLOW',
        'Transform',
    ),
    'jaxpure.analysis.syntax': (
        'array_of_keys',
        'at_update_base',
        'at_update_method',
        'call_arg',
        'children',
        'contains',
        'enclosing_if_tests',
        'enclosing_try_handlers',
        'free_names',
        'handler_catches',
        'is_int_literal',
        'keyword_arg',
        'lazily_initialised',
        'mentions',
        'positional_args',
        'reads_any',
        'returned_values',
        'single_assignment',
        'statements',
        'target_names',
    ),
    'jaxpure.analysis.module.attributes': (
        'attribute_path',
        'self_param',
    ),
    'jaxpure.analysis.module.bindings': (
        'single_value',
    ),
    'jaxpure.analysis.module.imports': (
        'dotted_name',
    ),
    'jaxpure.analysis.module.index': (
        'MUTATING_METHODS',
        'Unit',
        'literal_item_key',
        'refers_to_module',
    ),
    'jaxpure.analysis.module.resolve': (
        'enclosing_class',
    ),
    'jaxpure.analysis.module.traced': (
        'Origin',
    ),
    'jaxpure.analysis.flow.keystate': (
        'KeyReuse',
        'KeyReuseInLoop',
    ),
    'jaxpure.analysis.module.randomness_off': (
        'unused_key_argument',
    ),
    'jaxpure.analysis.flow.key_uses': (
        'carry_initialiser_key',
    ),
    'jaxpure.analysis.queries.stores': (
        'Store',
        'indexed_by_own_key',
        'is_nnx_style_write',
        'mutable_default',
        'mutable_default_param',
        'result_used',
        'root_name',
        'self_fixed',
        'stores',
        'traced_copy_self',
    ),
    'jaxpure.analysis.queries.values': (
        'array_field',
        'axis_arguments',
        'holds_tracers',
        'is_python_table',
        'is_string',
        'keyed_by_string',
        'memoiser',
        'names_mutable_container',
        'names_numpy_array',
        'unhashable_value',
    ),
    'jaxpure.analysis.queries.side_effects': (
        'debug_print_call',
        'is_deprecation_warning',
        'is_trace_message',
        'names_tested_value',
        'printed_values',
        'shows_traced',
        'side_effect_of',
        'static_test',
        'static_text',
    ),
    'jaxpure.analysis.queries.callers': (
        'forwarded_write_unobserved',
        'write_unobserved',
    ),
    'jaxpure.analysis.queries.handed_back': (
        'handed_back',
    ),
    'jaxpure.analysis.queries.references': (
        'bound_to_reference',
        'reference_update',
    ),
    'jaxpure.analysis.queries.fresh_functions': (
        'made_by',
        'new_function_object',
    ),
    'jaxpure.analysis.queries.per_call': (
        'inherent_per_call',
        'one_program_per_item',
    ),
    'jaxpure.analysis.queries.repetition': (
        'constant_iterable',
        'outlives_iteration',
        'repeated_units',
        'repeating_loop_node',
        'reused_by_structure',
        'wrapper_transform',
    ),
    'jaxpure.analysis.queries.bound_calls': (
        'names_bound_to',
    ),
    'jaxpure.analysis.queries.structures': (
        'Mismatch',
        'Structure',
        'branch_mismatch',
        'loop_carry_mismatches',
    ),
    'jaxpure.analysis.queries.defaults': (
        'traced_call_leaving_out',
    ),
    'jaxpure.analysis.queries.guards': (
        'calls_named',
        'catches_missing_key',
        'expected_to_raise',
        'fills_missing_entry_for_read',
        'guarded_by',
        'holds_only_untraced',
        'key_for_structure_only',
        'none_fallback',
        'runs_only_with_key',
        'tried_lookups',
        'under_rebuild_guard',
    ),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value
