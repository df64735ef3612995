# Seen in brentyi/jaxlie jaxlie/manifold/_deltas.py:171 (JXP401) and tests/test_manifold.py:60
# (JXP403). The Lie group base class declares `parameters_dim: ClassVar[int]` and
# `tangent_dim: ClassVar[int]`; a class decorator sets them on each group. They are class
# constants, Python ints under jit: `assert J.shape == (*batch_axes, group.parameters_dim,
# group.tangent_dim)` compares static shapes.
# Checked under jax 0.10.2: `python classvar_int_attribute.py` passes.
import dataclasses
from typing import ClassVar

import jax
import jax.numpy as jnp


def register_group(*, parameters_dim: int, tangent_dim: int):
    def decorate(cls):
        cls.parameters_dim = parameters_dim
        cls.tangent_dim = tangent_dim
        return cls
    return decorate


class Group:
    parameters_dim: ClassVar[int]
    tangent_dim: ClassVar[int]

    def parameters(self) -> jax.Array:
        raise NotImplementedError

    def get_batch_axes(self) -> tuple[int, ...]:
        return self.parameters().shape[:-1]


@register_group(parameters_dim=2, tangent_dim=1)
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SO2(Group):
    unit_complex: jax.Array

    def parameters(self) -> jax.Array:
        return self.unit_complex


@jax.jit
def jacobian(transform: Group) -> jax.Array:
    p = transform.parameters()
    J = jnp.stack([-p[..., 1:2], p[..., 0:1]], axis=-2)
    assert J.shape == (*transform.get_batch_axes(), transform.parameters_dim,
                       transform.tangent_dim)
    return J


assert jacobian(SO2(jnp.ones((5, 2)))).shape == (5, 2, 1)
