"""Where JAX functions take shapes and sizes, which must be concrete when traced, and what
reads only the structure of a value (its shape and dtype), never its numbers."""

import re

# functions whose argument at (position, keyword) must be a concrete shape or length
SHAPE_ARGS: dict[str, tuple[tuple[int, str], ...]] = {
    "jax.numpy.zeros": ((0, "shape"),),
    "jax.numpy.ones": ((0, "shape"),),
    "jax.numpy.empty": ((0, "shape"),),
    "jax.numpy.full": ((0, "shape"),),
    "jax.numpy.eye": ((0, "N"), (1, "M")),
    "jax.numpy.identity": ((0, "n"),),
    "jax.numpy.arange": ((0, "start"), (1, "stop"), (2, "step")),
    "jax.numpy.linspace": ((2, "num"),),
    "jax.numpy.reshape": ((1, "shape"),),
    "jax.numpy.broadcast_to": ((1, "shape"),),
    "jax.numpy.tile": ((1, "reps"),),
    "jax.numpy.repeat": ((1, "repeats"),),
    "jax.random.normal": ((1, "shape"),),
    "jax.random.uniform": ((1, "shape"),),
    "jax.random.randint": ((1, "shape"),),
    "jax.random.bernoulli": ((2, "shape"),),
    "jax.lax.iota": ((1, "size"),),
    "jax.lax.broadcast": ((1, "sizes"),),
    "jax.lax.dynamic_slice": ((2, "slice_sizes"),),
    "jax.lax.dynamic_slice_in_dim": ((2, "slice_size"),),
    "jax.lax.top_k": ((1, "k"),),
    "jax.numpy.pad": ((1, "pad_width"),),
    "jax.numpy.full_like": ((3, "shape"),),
    "jax.numpy.zeros_like": ((2, "shape"),),
    "jax.numpy.ones_like": ((2, "shape"),),
    "jax.numpy.tri": ((0, "N"), (1, "M")),
    "jax.numpy.triu_indices": ((0, "n"),),
    "jax.numpy.tril_indices": ((0, "n"),),
    "jax.numpy.diag_indices": ((0, "n"),),
    "jax.nn.one_hot": ((1, "num_classes"),),
    "jax.random.choice": ((2, "shape"),),
    "jax.random.categorical": ((3, "shape"),),
    "jax.random.truncated_normal": ((3, "shape"),),
    "jax.random.split": ((1, "num"),),
    "jax.numpy.split": ((1, "indices_or_sections"),),
    "jax.numpy.array_split": ((1, "indices_or_sections"),),
    "jax.numpy.hsplit": ((1, "indices_or_sections"),),
    "jax.numpy.vsplit": ((1, "indices_or_sections"),),
    # a haiku parameter or state is created with a concrete shape
    "haiku.get_parameter": ((1, "shape"),),
    "haiku.get_state": ((1, "shape"),),
}

# NumPy functions whose argument at (position, keyword) is a size: NumPy needs a concrete
# int there, so a tracer raises (TracerIntegerConversionError). A model method that passes a
# parameter there (T5's `np.arange(qlen)` for its relative-position buckets, computed as a
# program constant on purpose) can only be given it static by its users.
NUMPY_SIZE_ARGS: dict[str, tuple[tuple[int, str], ...]] = {
    "numpy.arange": ((0, "start"), (1, "stop"), (2, "step")),
    "numpy.zeros": ((0, "shape"),),
    "numpy.ones": ((0, "shape"),),
    "numpy.empty": ((0, "shape"),),
    "numpy.full": ((0, "shape"),),
    "numpy.eye": ((0, "N"), (1, "M")),
    "numpy.identity": ((0, "n"),),
    "numpy.tri": ((0, "N"), (1, "M")),
    "numpy.triu_indices": ((0, "n"),),
    "numpy.tril_indices": ((0, "n"),),
    "numpy.linspace": ((2, "num"),),
}

# NumPy functions whose every positional argument is a dimension of the array they make
# (``np.random.randn(n, r)``)
NUMPY_DIMENSION_CALLS = frozenset({"numpy.random.randn", "numpy.random.rand"})

# Axis numbers are Python ints when traced (JAX normalises them with `operator.index`, so a
# tracer raises TracerIntegerConversionError). Any `axis=`/`axes=` keyword of a function in
# these namespaces, and the positions below for the calls that take it positionally.
AXIS_NAMESPACES = ("jax.numpy.", "jax.nn.", "jax.scipy.special.")
AXIS_KEYWORDS = ("axis", "axes")
_REDUCTIONS = ("sum", "mean", "max", "min", "amax", "amin", "prod", "any", "all", "argmax",
               "argmin", "std", "var", "cumsum", "cumprod", "nansum", "nanmean", "nanmax",
               "nanmin", "median", "sort", "argsort", "count_nonzero", "flip")
AXIS_POSITIONS: dict[str, tuple[int, ...]] = {
    **{f"jax.numpy.{name}": (1,) for name in _REDUCTIONS},
    "jax.numpy.expand_dims": (1,),
    "jax.numpy.squeeze": (1,),
    "jax.numpy.transpose": (1,),
    "jax.numpy.moveaxis": (1, 2),
    "jax.numpy.swapaxes": (1, 2),
    "jax.numpy.concatenate": (1,),
    "jax.numpy.stack": (1,),
    "jax.numpy.take": (2,),
    "jax.numpy.take_along_axis": (2,),
    "jax.numpy.roll": (2,),
    "jax.nn.softmax": (1,),
    "jax.nn.log_softmax": (1,),
    "jax.nn.logsumexp": (1,),
    "jax.scipy.special.logsumexp": (1,),
}

# What only looks at an array's (or a pytree's) structure: its shape, dtype, sharding or
# tree layout, never its numbers. A value read only so (``out.shape``, ``jnp.zeros_like(out)``)
# could have held any numbers (module/structure_uses.py).
# attributes that give an array's structure, not its values
STRUCTURE_ATTRIBUTES = frozenset({"shape", "dtype", "ndim", "size", "aval", "sharding"})
# functions that read only the structure of their arguments
STRUCTURE_FUNCTIONS = frozenset({
    "jax.numpy.shape", "jax.numpy.ndim", "jax.numpy.size", "numpy.shape", "numpy.ndim",
    "numpy.size",
    "jax.eval_shape", "equinox.filter_eval_shape", "jax.tree_util.tree_structure",
    "jax.tree.structure", "jax.ShapeDtypeStruct",
})
# functions whose result takes only the structure of their arguments: an array of the same
# shape and dtype (the first argument of `full_like` only: its fill value is a value)
STRUCTURE_COPIES = frozenset({
    "jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.empty_like",
    "numpy.zeros_like", "numpy.ones_like", "numpy.empty_like",
    "builtins.len", "builtins.isinstance", "builtins.type",
})
FILL_LIKE = frozenset({"jax.numpy.full_like", "numpy.full_like"})
# replay buffers whose `init(example)` builds empty storage from the example's structure
# only (flashbax's `make_*_buffer(...)`: an empty array of each leaf's shape and dtype);
# an object made by one of these factories, or by its own `.replace(...)`, has them
STRUCTURE_INIT_FACTORIES = ("flashbax.make_", "flashbax.buffers.")
STRUCTURE_INIT_METHODS = frozenset({"init"})
# maps over the leaves of pytrees: what they read of their trees is what their function reads
TREE_MAPS = frozenset({"jax.tree.map", "jax.tree_map"})
# functions of one array that give its structure as a Python value: mapped over a pytree
# (`jax.tree.map(jnp.shape, params)`) they give a pytree of shapes, never of tracers
STRUCTURE_OF = frozenset({"jax.numpy.shape", "numpy.shape", "jax.numpy.ndim", "numpy.ndim",
                          "numpy.size", "builtins.len", "builtins.type"})
# a name that says it holds a shape or a dtype (`out_shape, _ = init_fn(key, input_shape)`:
# stax's init functions return the output shape beside the parameters)
STRUCTURE_NAME = re.compile(r"(?:^|_)(?:shapes?|dtypes?|ndims?)$")

# JAX functions that compute layouts, shapes and dtypes from static inputs and return Python
# values (ints, tuples of ints, namedtuples of them, dtypes), never arrays: a transposed
# convolution's `dn = lax.conv_dimension_numbers(lhs.shape, rhs.shape, spec)` is a
# ConvDimensionNumbers of int tuples, so `np.take(rhs.shape, dn.rhs_spec)` is NumPy on ints.
STATIC_LAYOUT_CALLS = frozenset(
    {
        "jax.lax.conv_dimension_numbers", "jax.lax.conv_general_permutations",
        "jax.lax.padtype_to_pads", "jax.lax.conv_shape_tuple",
        "jax.lax.conv_general_shape_tuple", "jax.lax.conv_transpose_shape_tuple",
        "jax.lax.reduce_window_shape_tuple", "jax.lax.dtype", "jax.dtypes.iinfo",
        "jax.dtypes.finfo", "jax.tree_util.treedef_is_leaf", "jax.tree_util.treedef_children",
    }
)
# The configuration objects `jax.lax` defines for its operations (jax 0.10: its public
# classes; `DotDimensionNumbers`, `ConvGeneralDilatedDimensionNumbers` and `PrecisionLike`
# are type aliases, plain tuples, strings or None). Each holds Python ints, tuples, dtypes or
# enum members, never an array: JAX normalises the fields with `tuple(...)`/`operator.index`
# and hashes them as static parameters of the primitive. `RaggedDotDimensionNumbers(...)`
# rebuilt from a dot's axes and read back in Python (`if dnums.rhs_group_dimensions:`) is
# Python on ints; so are the namedtuples (`ConvDimensionNumbers`, `GatherDimensionNumbers`,
# `ScatterDimensionNumbers`, `DotAlgorithm`), the dataclass `Tolerance` and the enums
# (`Precision`, `DotAlgorithmPreset`, `GatherScatterMode`, `AccuracyMode`, `FftType`,
# `RandomAlgorithm`, `RoundingMethod`), called or converted (`GatherScatterMode.from_any`).
LAX_CONFIG_CLASSES = ("ConvDimensionNumbers", "RaggedDotDimensionNumbers",
                      "GatherDimensionNumbers", "ScatterDimensionNumbers", "DotAlgorithm",
                      "DotAlgorithmPreset", "Precision", "GatherScatterMode", "AccuracyMode",
                      "Tolerance", "FftType", "RandomAlgorithm", "RoundingMethod")
STATIC_CONFIG_CALLS = frozenset(
    {f"jax.lax.{name}" for name in LAX_CONFIG_CLASSES}
    | {"jax.lax.GatherScatterMode.from_any"}
)
