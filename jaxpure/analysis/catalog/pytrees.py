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
    "jax.tree_util.register_pytree_node_class": "registered pytree class",
    "jax.tree_util.register_pytree_with_keys_class": "registered pytree class",
}
# `register_dataclass(State, ...)` / `register_pytree_node(State, flatten, unflatten)`
PYTREE_REGISTRATIONS = frozenset(PYTREE_DECORATORS) | {
    "jax.tree_util.register_pytree_node",
    "jax.tree_util.register_pytree_with_keys",
}

# a dataclass field marked static is aux data, not a leaf
STATIC_FIELD_MARKERS = ("pytree_node=False", "static=True", "'static':True", '"static":True',
                         "'pytree_node':False", '"pytree_node":False')

# registering flatten/unflatten functions: their aux data is static
AUX_REGISTRATIONS = frozenset(
    {"jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys"})
