"""What JAX and NumPy names mean for the kind of a value: array attributes and methods,
calls returning static Python values, containers, array namespaces and creators, and the
annotations that say "an array". Tables and predicates on names; imports nothing from jaxpure
but the catalog's own tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.catalog.shapes import STATIC_CONFIG_CALLS, STATIC_LAYOUT_CALLS

# Attributes of an array that are static Python values even when the array is traced
# (and `__class__`, any value's type: `solver.__class__.__name__` of a traced module).
STATIC_ATTRS = frozenset(
    {"shape", "ndim", "dtype", "size", "itemsize", "nbytes", "sharding", "weak_type",
     "aval", "named_shape", "device", "format", "committed", "__class__",
     "axes"}  # a haliax NamedArray's named axes (`Axis(name, size)` tuples)
)
# Methods of a named array (haliax's NamedArray) that read its axes, static metadata like
# `shape`: `x.axis_size("position")`, `x.resolve_axis("embed")` (an `Axis`)
AXIS_METHODS = frozenset({"axis_size", "resolve_axis", "axis_indices"})
# what any value that has them holds as Python data: an array's, a tracer's, NumPy's
SHAPE_ATTRS = frozenset({"shape", "ndim", "dtype"})
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
# Array methods that compute from the array alone (reductions, reshapes, sorts): on a value
# known while tracing (a SciPy or NumPy constant) they give another one.
HOST_ARRAY_METHODS = frozenset(
    {"sum", "mean", "max", "min", "prod", "any", "all", "astype", "reshape", "argmax",
     "argmin", "std", "var", "cumsum", "cumprod", "clip", "round", "squeeze", "transpose",
     "ravel", "flatten", "nonzero", "sort", "argsort", "swapaxes", "diagonal"}
)
# Methods whose result is a concrete Python value (the rules report them on tracers).
# `index`: JAX arrays have none, so `coefficients.index(None)` on a traced tuple is the
# sequence's, and gives an int.
CONCRETE_METHODS = frozenset({"item", "tolist", "keys", "index", "__len__", "__bool__", "__int__"})
# Views of a mapping: of a static dict, static entries
VIEW_METHODS = frozenset({"items", "keys", "values"})

# Calls returning static Python values whatever their arguments. `np.shape`/`np.ndim`/
# `np.size` of a tracer read its attributes (`a.size` for anything that has one): ints.
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
        "jax.tree_util.tree_all", "jax.eval_shape", "equinox.filter_eval_shape", "jax.typeof",
        "jax.device_count",
        "jax.local_device_count", "jax.process_index", "jax.process_count", "jax.devices",
        "jax.local_devices", "jax.default_backend", "jax.dtypes.canonicalize_dtype",
        "jax.dtypes.result_type", "jax.dtypes.issubdtype", "jax.core.get_aval",
        "jax.lax.axis_size", "jax.lax.broadcast_shapes", "jax.numpy.broadcast_shapes",
        "jax.ShapeDtypeStruct", "jax.sharding.NamedSharding",
        "jax.sharding.PartitionSpec", "numpy.dtype", "numpy.issubdtype", "numpy.shape",
        "numpy.ndim", "numpy.size", "numpy.result_type", "numpy.iinfo", "numpy.finfo",
        "math.ceil", "math.floor", "math.sqrt", "math.log", "math.log2", "math.exp",
        "math.isqrt", "math.gcd", "operator.index", "equinox.is_array",
        "equinox.is_inexact_array", "equinox.is_array_like", "chex.is_array",
        "flax.nnx.graphdef", "jax.tree_util.keystr",
        # a pytree of the leaves' key paths as strings (praxis/py_utils.py)
        "praxis.py_utils.extract_prefixed_keys_from_nested_map",
    }
) | STATIC_LAYOUT_CALLS | STATIC_CONFIG_CALLS
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
# containers that hash what they hold: no tracer can be in one
HASHED_CONTAINER_CALLS = frozenset({"builtins.set", "builtins.frozenset"})
# Python functions that combine the items they get with Python operators only (`math.prod`
# multiplies with `*`): of arrays or tracers, an array, with no concrete value needed; of
# Python numbers (a shape), a Python number
OPERATOR_REDUCTIONS = frozenset({"math.prod"})
ARITH_CALLS = frozenset(
    {"builtins.abs", "builtins.sum", "builtins.min", "builtins.max", "builtins.round",
     "builtins.pow", "builtins.divmod", "builtins.sorted"}
)
# jax namespaces whose functions return arrays
ARRAY_NAMESPACES = (
    "jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.", "jax.image.",
    "jax.ops.", "optax.",
)
# Library functions whose result is a pytree of JAX arrays (its fields are arrays, eagerly
# too, so immutable): MuJoCo MJX's `Data` makers and steps, `(m, d) -> Data`. Not
# `mjx.put_model` (a Model keeps NumPy and Python fields) nor `mjx.get_data` (a host MjData).
ARRAY_TREE_FUNCTIONS = frozenset(
    f"mujoco.mjx.{name}" for name in (
        "make_data", "put_data", "step", "forward", "euler", "rungekutta4", "implicit",
        "fwd_position", "fwd_velocity", "fwd_actuation", "fwd_acceleration", "inverse",
        "kinematics", "com_pos", "com_vel", "crb", "factor_m", "rne", "rne_postconstraint",
        "subtree_vel", "tendon", "transmission", "camlight", "passive", "collision",
        "make_constraint", "solve", "sensor_pos", "sensor_vel", "sensor_acc"))
# the methods of such a pytree (a flax/mjx dataclass) that return one like it
ARRAY_TREE_METHODS = frozenset({"replace", "tree_replace"})
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
# those that return a Python list of arrays (`parts[0] = v` assigns a list element)
ARRAY_LIST_FUNCTIONS = frozenset(
    f"jax.numpy.{name}" for name in ("split", "array_split", "hsplit", "vsplit", "dsplit",
                                     "meshgrid", "broadcast_arrays"))
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
# what JAX raises for a tracer where a concrete value is needed (all TypeErrors)
CONCRETIZATION_ERRORS = frozenset(
    {"TypeError", "Exception", "BaseException", "ConcretizationTypeError",
     "TracerBoolConversionError", "TracerIntegerConversionError",
     "TracerArrayConversionError", "NonConcreteBooleanIndexError"})
# functions that raise ConcretizationTypeError for a tracer argument and return a concrete
# value otherwise: (qualified name, position of the value checked)
CONCRETENESS_ASSERTIONS = {
    "jax.core.concrete_or_error": 1, "jax.extend.core.concrete_or_error": 1,
    "jax._src.core.concrete_or_error": 1}
# predicates true only of a concrete value, by name (numpyro's `not_jax_tracer(i)`):
# `not_jax_tracer(i) and i in range(n)` runs its right side on a Python value only
CONCRETENESS_GUARDS = frozenset({"not_jax_tracer", "is_concrete", "is_concrete_value",
                                 "is_not_tracer", "is_python_scalar"})
# what a tracer is an instance of
JAX_ARRAY_TYPES = frozenset({"jax.Array", "jax.numpy.ndarray", "jax.core.Tracer",
                             "jax.typing.ArrayLike"})
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


# jnp constructors: a JAX array that is not traced (unless its arguments are)
JAX_ARRAY_CREATORS = frozenset(
    {"jax.numpy.array", "jax.numpy.asarray", "jax.numpy.zeros", "jax.numpy.ones",
     "jax.numpy.empty", "jax.numpy.full", "jax.numpy.arange", "jax.numpy.linspace",
     "jax.numpy.eye", "jax.numpy.identity", "jax.numpy.zeros_like", "jax.numpy.ones_like",
     "jax.numpy.empty_like", "jax.numpy.full_like", "jax.numpy.stack",
     "jax.numpy.concatenate", "jax.device_put"}
)

# NumPy functions that turn a value into a NumPy array (a tracer fails there)
NUMPY_CONVERTERS = frozenset({"numpy.asarray", "numpy.array", "numpy.asanyarray",
                              "numpy.ascontiguousarray"})
STATIC_BUILTINS = frozenset({"len", "sum", "tuple", "int", "max", "min", "range", "sorted",
                              "list", "bool", "str"})

# the index of the mapped axis: traced inside vmap/pmap/shard_map
AXIS_INDEXES = frozenset({"jax.lax.axis_index"})
