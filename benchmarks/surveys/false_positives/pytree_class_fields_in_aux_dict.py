# Seen in google/qwix qwix/_src/core/numerics.py:115, 163 (JXP403) and
# qwix/_src/core/qarray.py:566 (JXP401), reached from qwix/_src/core/dot_general_qt.py:214.
# `DotGeneralQtConfig` is a frozen dataclass registered with
# `register_pytree_node_class`; its `tree_flatten` puts every field into the aux data
# (`{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}`) except the two
# noise functions it deletes from that dict and returns as children. The config goes to
# the custom_vjp forward pass as an ordinary argument, so its children are traced and its
# aux data is not: `config.lhs_qtype` (a dtype or a name like 'int4') stays a Python
# value, and `int(qtype[3:])` and `qtype in ('mxfp8', ...)` run on it at trace time. The
# analysis does not read the aux data off a dict built from the dataclass fields and
# takes every field of the traced config for a traced value.
# Checked under jax 0.10.2: `python pytree_class_fields_in_aux_dict.py` passes.
import dataclasses
from typing import Callable, Optional

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(frozen=True, kw_only=True)
class QtConfig:
    qtype: str = "int8"
    noise_fn: Optional[Callable] = None

    def tree_flatten(self):
        aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        del aux["noise_fn"]
        return (self.noise_fn,), aux

    @classmethod
    def tree_unflatten(cls, aux, children):
        (noise_fn,) = children
        return cls(noise_fn=noise_fn, **aux)


def bound(qtype):
    if qtype.startswith("int"):
        return 2 ** (int(qtype[3:]) - 1) - 0.5
    return 1.0


def quantize(x, config):
    if config.qtype in ("mxfp8", "mxfp4"):
        return x
    b = bound(config.qtype)
    return jnp.round(x * b) / b


@jax.custom_vjp
def fake_quant(x, config):
    return quantize(x, config)


def fake_quant_fwd(x, config):
    return quantize(x, config), None


def fake_quant_bwd(_, g):
    return g, None


fake_quant.defvjp(fake_quant_fwd, fake_quant_bwd)


if __name__ == "__main__":
    config = QtConfig(qtype="int4")
    leaves, treedef = jax.tree_util.tree_flatten(config)
    assert leaves == []  # no noise function: nothing traced
    x = jnp.array([0.3, -0.1])
    y = jax.jit(fake_quant)(x, config)
    assert jnp.allclose(y, jnp.round(x * 7.5) / 7.5)
    g = jax.jit(jax.grad(lambda x: fake_quant(x, config).sum()))(x)
    assert jnp.allclose(g, 1.0)
    print("ok")
