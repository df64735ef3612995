"""Pytree classes by name: model bases (Equinox, nnx, linen, haiku), the classes whose
instances are pytree nodes of their own type, and the marks of a static field. Tables only.
"""

from __future__ import annotations

# model classes: base -> framework
MODEL_BASES = {"equinox.Module": "equinox", "flax.nnx.Module": "nnx"}
NNX_VARIABLES = frozenset(
    f"flax.nnx.{name}" for name in ("Variable", "Param", "BatchStat", "Cache", "Intermediate",
                                    "VariableState", "Perturbation"))

LINEN_BASES = frozenset({"flax.linen.Module", "flax.linen.module.Module"})
# what a linen module reads its variables with: `self.param(...)`, `self.get_variable(col,
# name)` and `self.variables[col][name]` give the arrays `apply` was passed, traced under it
LINEN_VARIABLE_READS = frozenset({"param", "get_variable"})
LINEN_VARIABLES = "variables"
# hk.transform(f).apply(params, rng, *args): how many leading arguments f does not get
HAIKU_TRANSFORMS = {"haiku.transform": 2, "haiku.transform_with_state": 3,
                    "haiku.multi_transform": 2, "haiku.multi_transform_with_state": 3}
HAIKU_WITHOUT_RNG = "haiku.without_apply_rng"

# a NamedTuple or a registered pytree class flattens to a node of *that class*
NAMEDTUPLE_FACTORIES = frozenset(
    {"collections.namedtuple", "typing.NamedTuple", "typing_extensions.NamedTuple"}
)
PYTREE_BASES = {
    "typing.NamedTuple": "NamedTuple",
    "typing_extensions.NamedTuple": "NamedTuple",
    "flax.struct.PyTreeNode": "pytree dataclass",
    "equinox.Module": "Equinox module",
}
PYTREE_DECORATORS = {
    "jax.tree_util.register_dataclass": "pytree dataclass",
    "flax.struct.dataclass": "pytree dataclass",
    "chex.dataclass": "pytree dataclass",
    "jax_dataclasses.pytree_dataclass": "pytree dataclass",
    "jax.tree_util.register_pytree_node_class": "registered pytree class",
    "jax.tree_util.register_pytree_with_keys_class": "registered pytree class",
}
# classes whose constructor stores its arguments as fields, in declaration order
# (module/records.py): a NamedTuple, a dataclass and the pytree dataclasses built on it
RECORD_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple",
                          "flax.struct.PyTreeNode"})
# methods that copy a record with some fields replaced (`state._replace(x=x)`,
# `state.replace(rng=rng)`)
RECORD_REPLACERS = frozenset({"_replace", "replace"})
RECORD_DECORATORS = frozenset({"dataclasses.dataclass", "flax.struct.dataclass",
                               "chex.dataclass"})
# `register_dataclass(State, ...)` / `register_pytree_node(State, flatten, unflatten)`
PYTREE_REGISTRATIONS = frozenset(PYTREE_DECORATORS) | {
    "jax.tree_util.register_pytree_node",
    "jax.tree_util.register_pytree_with_keys",
}

# a class registered as a pytree with no leaves: the whole instance is aux data, so every
# field of it is a Python value under a transform (`@jax.tree_util.register_static` on a
# config dataclass, or `register_static(Config)` called after it)
STATIC_REGISTRATIONS = frozenset({"jax.tree_util.register_static"})

# pytreeclass's freeze: a field declared `tc.field(on_setattr=[tc.freeze])` holds its value
# wrapped in a pytree with no leaves, so under a transform it is the Python value it was
# built with (module/frozen_fields.py)
FREEZE_CALLBACKS = frozenset({"pytreeclass.freeze"})

# Library functions whose call declares a static field: treeo's (and treex's, which
# re-exports it) `to.static(None)`, which is `field(node=False)`: a treeo Tree keeps it in
# its treedef, as flax keeps `struct.field(pytree_node=False)`. Checked under treeo 0.2.2.
STATIC_FIELD_FUNCTIONS = frozenset({"treeo.static", "treeo.utils.static", "treex.static"})

# a dataclass field marked static is aux data, not a leaf
STATIC_FIELD_MARKERS = ("pytree_node=False", "static=True", "'static':True", '"static":True',
                         "'pytree_node':False", '"pytree_node":False')

# Static fields of library pytrees, by the package that defines them: a module importing
# the package takes them as static by name, as it takes its own classes' static fields.
# mjx.Data's constraint and contact counts are Python ints (`if d.ncon == 0:` in brax).
# An xarray DataArray or Dataset wrapping traced arrays (graphcast's xarray_jax registers
# them as pytrees whose aux data are the dims and coordinates) keeps its labels as Python
# and NumPy values under jit: `da.sizes[dim]`, `da.dims`, `dim in da.coords`, `da.attrs`;
# only `.data` (and `.values`, `data_vars`, `variables`) hold the tracers.
# e3nn-jax's IrrepsArray flattens to its `.array`; its `.irreps` is the aux data (an `Irreps`
# of Python ints: `x.irreps.dim`). A distrax or TFP distribution flattens to its parameter
# arrays; `batch_shape` and `event_shape` are computed from their shapes, Python tuples (a
# TFP `TensorShape`) under jit (`batch_shape_tensor()` is the array one). Checked under jax
# 0.10.2, e3nn-jax 0.21.0, distrax 0.1.9.
LIBRARY_STATIC_FIELDS = {
    "mujoco.mjx": frozenset({"ne", "nf", "nl", "nefc", "ncon"}),
    "xarray": frozenset({"dims", "sizes", "coords", "attrs", "name", "indexes", "xindexes",
                         "encoding"}),
    "e3nn_jax": frozenset({"irreps"}),
    "distrax": frozenset({"batch_shape", "event_shape"}),
    "tensorflow_probability": frozenset({"batch_shape", "event_shape"}),
}

# Leaves of the library pytrees a project's functions are commonly handed (flax's TrainState,
# optax's states, distributions, brax/mjx environment states): a field name the project
# declares static is not taken as static on a value of unknown class when it is one of
# these (`state.step` of a TrainState beside a config class's static `step`).
LIBRARY_LEAF_NAMES = frozenset({
    "step", "params", "opt_state", "batch_stats", "count", "mu", "nu", "inner_state",
    "loc", "scale", "logits", "probs", "rate", "concentration", "low", "high",
    "obs", "reward", "metrics", "info", "pipeline_state", "qpos", "qvel", "time", "data",
    "value", "values", "key", "rng", "mean", "var", "kernel", "bias", "weight", "weights",
})

# registering flatten/unflatten functions: their aux data is static
AUX_REGISTRATIONS = frozenset(
    {"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys"})

# Methods a traced argument may have without being an instance of the project's class of
# that name: arrays', containers', NamedTuples' and the library pytrees' (flax TrainState,
# FrozenDict, struct dataclasses). `x.replace(...)` on a traced argument says nothing of
# which project class `x` is.
FOREIGN_METHODS = frozenset({
    # jax.Array / numpy.ndarray
    "all", "any", "argmax", "argmin", "argpartition", "argsort", "astype", "block_until_ready",
    "choose", "clip", "compress", "conj", "conjugate", "copy", "cumprod", "cumsum",
    "devices", "diagonal", "dot", "flatten", "item", "max", "mean", "min", "nonzero",
    "prod", "ptp", "ravel", "repeat", "reshape", "round", "searchsorted", "sort", "squeeze",
    "std", "sum", "swapaxes", "take", "tolist", "trace", "transpose", "var", "view",
    "addressable_data", "on_device_size_in_bytes", "to_device", "tobytes",
    # dict, list, set, tuple, str
    "append", "clear", "count", "extend", "get", "index", "insert", "items", "keys", "pop",
    "popitem", "remove", "reverse", "setdefault", "update", "values", "add", "discard",
    "union", "intersection", "difference", "issubset", "issuperset", "fromkeys", "format",
    "join", "split", "startswith", "endswith", "strip", "lower", "upper",
    # NamedTuple, dataclasses and library pytrees
    "_replace", "_asdict", "_make", "replace", "apply_gradients", "unfreeze", "freeze",
    "copy_with", "tree_flatten", "tree_unflatten", "tree_flatten_with_keys", "to_dict",
    "apply", "init", "bind", "unbind", "clone", "merge", "split_state", "filter", "flat_state",
})
