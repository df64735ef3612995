"""The constructor of a haiku module, which runs inside the transformed function.

Reduces deepqmc-bb422ce3-27: haiku modules are built inside `hk.transform`, so under
a jitted `apply` their `__init__` runs at trace time, where `jnp.round` of two Python
numbers is staged and `int()` of it raises ConcretizationTypeError. A haiku module's
`__call__` is taken as traced (a print there is reported); its `__init__` is not.
"""
import haiku as hk
import jax
import jax.numpy as jnp


class MLP(hk.Module):
    def __init__(self, in_dim, out_dim, name=None):
        super().__init__(name=name)
        self.width = int(jnp.round((in_dim * out_dim) ** 0.5))  # JXP403

    def __call__(self, x):
        return hk.Linear(self.width)(x)


def forward(r):
    return MLP(3, 4)(r)


apply = jax.jit(hk.without_apply_rng(hk.transform(forward)).apply)
