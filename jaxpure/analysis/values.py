"""What kind of value an expression holds inside a function: traced, static, or unknown.

The lattice is small on purpose. ``TRACED`` is a traced value of unknown structure (a
parameter may be a dict of arrays: its truthiness is static, comparing it is not);
``TRACED_ARRAY`` is known to be an array (arithmetic, comparisons, ``jnp`` results), so
``bool()`` on it fails under jit. ``ARRAY`` is a JAX array not known to be traced, which
matters for in-place assignment. Anything the analysis cannot classify is ``UNKNOWN`` and no
rule reports on it: precision first.
"""

from __future__ import annotations

import re

from collections.abc import Callable

import libcst as cst

UNKNOWN = 0
STATIC = 1
NUMPY = 2
ARRAY = 3
REF = 4
TRACED_CONTAINER = 5  # a Python list/tuple/dict built here that holds traced values
TRACED = 6
TRACED_ARRAY = 7

KIND_NAMES = {
    UNKNOWN: "unknown",
    STATIC: "static",
    NUMPY: "numpy",
    ARRAY: "jax-array",
    REF: "ref",
    TRACED_CONTAINER: "traced-container",
    TRACED: "traced",
    TRACED_ARRAY: "traced-array",
}


def is_traced(kind: int) -> bool:
    return kind >= TRACED_CONTAINER


def is_jax_array(kind: int) -> bool:
    return kind in (ARRAY, TRACED_ARRAY)


def join(a: int, b: int) -> int:
    """The kind of a value that may be either: a maybe-traced value counts as traced."""
    if a == b:
        return a
    if is_traced(a) or is_traced(b):
        if is_traced(a) and is_traced(b):
            return TRACED
        return a if is_traced(a) else b
    return UNKNOWN


def arith(kinds: list[int]) -> int:
    """The kind of an arithmetic result from operands of these kinds."""
    if any(is_traced(k) for k in kinds):
        return TRACED_ARRAY
    if any(k == ARRAY for k in kinds):
        return ARRAY
    if any(k == NUMPY for k in kinds):
        return NUMPY
    if all(k == STATIC for k in kinds):
        return STATIC
    return UNKNOWN


def container(kinds: list[int]) -> int:
    """A tuple/list/dict holding values of these kinds (its truthiness is static)."""
    if any(is_traced(k) for k in kinds):
        return TRACED_CONTAINER
    if all(k == STATIC for k in kinds):
        return STATIC
    return UNKNOWN


# Attributes of an array that are static Python values even when the array is traced.
STATIC_ATTRS = frozenset(
    {"shape", "ndim", "dtype", "size", "itemsize", "nbytes", "sharding", "weak_type",
     "aval", "named_shape", "device", "format", "committed"}
)
ARRAY_ATTRS = frozenset({"T", "mT", "real", "imag", "at"})
# Names that say "a boolean": a pytree container is never called this, so a traced value
# so named (a required `done` argument, the `state.done` leaf) is an array under jit.
FLAG_NAME = re.compile(
    r"(?:done|dones|terminal|terminated|truncated|training|deterministic"
    r"|(?:is|has|use|should)_[a-z0-9_]+)$")
ARRAY_METHODS = frozenset(
    {"sum", "mean", "max", "min", "prod", "any", "all", "astype", "reshape", "dot",
     "argmax", "argmin", "std", "var", "cumsum", "cumprod", "clip", "round", "squeeze",
     "transpose", "ravel", "flatten", "conj", "nonzero", "sort", "argsort", "take", "set",
     "add", "multiply", "divide", "power", "apply", "get", "swapaxes", "repeat", "trace",
     "diagonal", "view", "copy", "__getitem__"}
)
# Methods whose result is a concrete Python value (the rules report them on tracers).
CONCRETE_METHODS = frozenset({"item", "tolist", "keys", "__len__", "__bool__", "__int__"})

# Calls returning static Python values whatever their arguments.
STATIC_CALLS = frozenset(
    {
        "builtins.len", "builtins.isinstance", "builtins.issubclass", "builtins.type",
        "builtins.hasattr", "builtins.callable", "builtins.id", "builtins.repr",
        "builtins.str", "builtins.format", "builtins.hash", "builtins.int", "builtins.float",
        "builtins.complex", "builtins.bool", "builtins.print", "builtins.range",
        "builtins.object", "builtins.vars", "builtins.dir",
        "jax.numpy.shape", "jax.numpy.ndim", "jax.numpy.size", "jax.numpy.result_type",
        "jax.numpy.dtype", "jax.numpy.issubdtype", "jax.numpy.iinfo", "jax.numpy.finfo",
        "jax.numpy.isdtype", "jax.numpy.isscalar", "jax.numpy.iscomplexobj",
        "jax.numpy.isrealobj", "jax.numpy.promote_types", "jax.numpy.can_cast",
        "jax.tree.structure", "jax.tree_util.tree_structure", "jax.tree.all",
        "jax.tree_util.tree_all", "jax.eval_shape", "jax.typeof", "jax.device_count",
        "jax.local_device_count", "jax.process_index", "jax.process_count", "jax.devices",
        "jax.local_devices", "jax.default_backend", "jax.dtypes.canonicalize_dtype",
        "jax.dtypes.result_type", "jax.dtypes.issubdtype", "jax.core.get_aval",
        "jax.lax.axis_size", "jax.lax.broadcast_shapes", "jax.numpy.broadcast_shapes",
        "jax.ShapeDtypeStruct", "jax.sharding.NamedSharding",
        "jax.sharding.PartitionSpec", "numpy.dtype", "numpy.issubdtype", "numpy.shape",
        "numpy.ndim", "numpy.result_type", "numpy.iinfo", "numpy.finfo", "math.prod",
        "math.ceil", "math.floor", "math.sqrt", "math.log", "math.log2", "math.exp",
        "math.isqrt", "math.gcd", "operator.index", "equinox.is_array",
        "equinox.is_inexact_array", "equinox.is_array_like", "chex.is_array",
        "flax.nnx.graphdef",
    }
)
CONTAINER_CALLS = frozenset(
    {"builtins.enumerate", "builtins.zip", "builtins.reversed", "builtins.list",
     "builtins.tuple", "builtins.dict", "builtins.set", "builtins.iter", "builtins.map",
     "builtins.filter", "builtins.frozenset", "builtins.next", "jax.tree.leaves",
     "jax.tree_util.tree_leaves", "jax.tree.map", "jax.tree_util.tree_map",
     "jax.tree.flatten", "jax.tree_util.tree_flatten", "jax.tree.unflatten",
     "jax.tree_util.tree_unflatten", "jax.tree_util.tree_map_with_path",
     "jax.tree.map_with_path", "jax.tree.reduce", "jax.tree_util.tree_reduce",
     "dataclasses.replace", "builtins.getattr"}
)
ARITH_CALLS = frozenset(
    {"builtins.abs", "builtins.sum", "builtins.min", "builtins.max", "builtins.round",
     "builtins.pow", "builtins.divmod", "builtins.sorted"}
)
# jax namespaces whose functions return arrays
ARRAY_NAMESPACES = (
    "jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.", "jax.image.",
    "jax.ops.", "optax.",
)
CONTROL_FLOW = frozenset(
    {"jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.cond",
     "jax.lax.switch", "jax.lax.map", "jax.lax.associative_scan"}
)
NUMPY_ARRAY_CREATORS = frozenset(
    {"numpy.array", "numpy.asarray", "numpy.zeros", "numpy.ones", "numpy.empty",
     "numpy.full", "numpy.arange", "numpy.linspace", "numpy.eye", "numpy.identity",
     "numpy.zeros_like", "numpy.ones_like", "numpy.empty_like", "numpy.full_like",
     "numpy.copy", "numpy.stack", "numpy.concatenate", "numpy.asanyarray",
     "numpy.ascontiguousarray", "numpy.frombuffer", "numpy.fromiter", "numpy.meshgrid",
     "numpy.tile", "numpy.diag", "numpy.tri", "numpy.triu", "numpy.tril",
     "numpy.random.rand", "numpy.random.randn", "numpy.random.randint",
     "numpy.random.normal", "numpy.random.uniform", "numpy.random.random"}
)
# constructors of containers that can be changed in place
# jnp functions returning a tuple or list of arrays (what unpacking their result gives)
ARRAY_SEQUENCE_FUNCTIONS = frozenset(
    f"jax.numpy.{name}" for name in (
        "split", "array_split", "hsplit", "vsplit", "dsplit", "meshgrid", "nonzero",
        "divmod", "frexp", "modf", "histogram", "linalg.svd", "linalg.eigh", "linalg.eig",
        "linalg.qr", "linalg.slogdet", "broadcast_arrays", "atleast_1d", "atleast_2d",
        "atleast_3d", "unravel_index", "tril_indices", "triu_indices", "diag_indices")
) | {"jax.lax.top_k", "jax.lax.sort_key_val"}
TREE_FLATTENERS = frozenset(
    {"jax.tree_util.tree_flatten", "jax.tree.flatten", "jax.tree_util.tree_flatten_with_path",
     "jax.tree.flatten_with_path"})
MUTABLE_CONTAINER_CALLS = frozenset(
    {"builtins.list", "builtins.dict", "builtins.set", "builtins.bytearray",
     "collections.defaultdict", "collections.OrderedDict", "collections.Counter",
     "collections.deque", "collections.ChainMap", "queue.Queue", "weakref.WeakKeyDictionary",
     "weakref.WeakValueDictionary"}
)
REF_CREATORS = frozenset(
    {"jax.new_ref", "jax.experimental.mutable_array", "jax.ref.new_ref",
     "jax.experimental.random.stateful_rng"}
)
# logging: the methods that log, and the names a logger object usually has
LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
     "vlog"})
LOGGER_NAMES = frozenset({"logger", "log", "_logger", "_log", "LOGGER", "LOG", "_LOGGER"})
# what JAX raises for a tracer where a concrete value is needed (all TypeErrors)
CONCRETIZATION_ERRORS = frozenset(
    {"TypeError", "Exception", "BaseException", "ConcretizationTypeError",
     "TracerBoolConversionError", "TracerIntegerConversionError",
     "TracerArrayConversionError", "NonConcreteBooleanIndexError"})
PYTHON_SCALAR_ANNOTATIONS = frozenset({"float", "int", "bool", "complex"})
ARRAY_ANNOTATIONS = frozenset(
    {"Array", "ndarray", "ArrayLike", "ArrayTree", "Float", "Int", "Bool", "Shaped",
     "Num", "Real", "Inexact", "Integer", "UInt", "Complex", "Key", "PRNGKeyArray",
     "Scalar", "Numeric", "ArrayDevice", "float", "int", "bool", "complex"}
)


def annotation_is_array(annotation: object) -> bool:
    """``jax.Array``, ``jnp.ndarray``, ``chex.Array``, ``Float[Array, "n"]``, ``float``."""
    node = annotation
    if type(node) is cst.Subscript:
        node = node.value
    if type(node) is cst.Attribute:
        return node.attr.value in ARRAY_ANNOTATIONS
    if type(node) is cst.Name:
        return node.value in ARRAY_ANNOTATIONS
    return False


def is_mutable_value(value: cst.BaseExpression | None,
                     qualname: Callable[[cst.BaseExpression], str | None]) -> str | None:
    """A short description if ``value`` builds a mutable container, else None."""
    if isinstance(value, (cst.List, cst.ListComp)):
        return "a list"
    if isinstance(value, (cst.Dict, cst.DictComp)):
        return "a dict"
    if isinstance(value, (cst.Set, cst.SetComp)):
        return "a set"
    if type(value) is cst.Call:
        qual = qualname(value.func)
        if qual in MUTABLE_CONTAINER_CALLS:
            return f"a {qual.rsplit('.', 1)[-1]}"
        if qual in NUMPY_ARRAY_CREATORS:
            return "a NumPy array"
    return None
