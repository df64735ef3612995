# Seen in eelregit/pmwd pmwd/lpt.py:47-190, pmwd/boltzmann.py:188 and :434, pmwd/pm_util.py:7-19
# and :335, pmwd/scatter.py:42 (19 JXP401/402; the class in pmwd/configuration.py:21, the
# decorator in pmwd/tree_util.py:7).
# pmwd's `Configuration` is `@partial(pytree_dataclass, aux_fields=Ellipsis, frozen=True)`:
# the project's own decorator makes a dataclass and registers it with
# `register_pytree_node`, flattening the fields named in `aux_fields` into the aux data;
# `Ellipsis` names every field (`[field.name for field in dataclasses.fields(cls)]`). The
# configuration thus has no leaves: under `@jit def lpt(modes, cosmo, conf)` `conf.dim`
# (a property, `len(self.ptcl_grid_shape)`), `conf.lpt_order`, `conf.chunk_size` and
# `conf.mesh_shape` are the Python values it was built with, and `range(conf.dim)`, `if
# conf.lpt_order > 1:` or `jnp.zeros(conf.mesh_shape + val.shape[1:])` are static. The
# analysis does not follow the decorator's aux split and takes every field for a leaf.
# (fixtures/surveys/pytree_class_fields_in_aux_dict.py taught fields a class's own
# tree_flatten puts in its aux data.)
# Checked under jax 0.10.2: `python pytree_dataclass_aux_fields_ellipsis.py` passes.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node


def pytree_dataclass(cls, aux_fields=None, **kwargs):
    """Register a dataclass as a pytree node, the fields in aux_fields as aux data."""
    cls = dataclasses.dataclass(cls, **kwargs)
    if aux_fields is None:
        aux_fields = ()
    elif aux_fields is Ellipsis:
        aux_fields = [field.name for field in dataclasses.fields(cls)]
    aux_data_names = [f.name for f in dataclasses.fields(cls) if f.name in aux_fields]
    children_names = [f.name for f in dataclasses.fields(cls) if f.name not in aux_fields]

    def tree_flatten(obj):
        return (tuple(getattr(obj, n) for n in children_names),
                tuple(getattr(obj, n) for n in aux_data_names))

    def tree_unflatten(aux_data, children):
        return cls(**dict(zip(children_names, children)), **dict(zip(aux_data_names, aux_data)))

    register_pytree_node(cls, tree_flatten, tree_unflatten)
    return cls


@partial(pytree_dataclass, aux_fields=Ellipsis, frozen=True)
class Configuration:
    ptcl_grid_shape: tuple
    lpt_order: int = 2

    @property
    def dim(self):
        return len(self.ptcl_grid_shape)


@jax.jit
def lpt(modes, conf):
    if conf.lpt_order not in (0, 1, 2, 3):  # must not be reported (JXP401)
        raise ValueError(f"lpt_order={conf.lpt_order} not supported")
    pot = [modes]
    if conf.lpt_order > 1:  # must not be reported (JXP401)
        pot.append(modes**2)
    grads = [jnp.roll(pot[-1], 1, axis=i) for i in range(conf.dim)]  # must not be reported (JXP402)
    return sum(grads)


if __name__ == "__main__":
    conf = Configuration(ptcl_grid_shape=(4, 4))
    assert jax.tree_util.tree_leaves(conf) == []  # every field is aux data
    out = lpt(jnp.ones((4, 4)), conf)
    assert out.tolist() == [[2.0] * 4] * 4, out
    print("ok")
