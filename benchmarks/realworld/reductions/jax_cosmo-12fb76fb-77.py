"""A pytree's method writes into the instance's own dict and returns a copy sharing it.

Reduces jax_cosmo-12fb76fb-77 (and -82): `cache_set` is called inside jitted functions;
writing into `self._cache` (not a copy) mutates the caller's object and stores a tracer
in it that outlives the trace.
"""
from dataclasses import dataclass, field, replace

import jax


@jax.tree_util.register_pytree_node_class
@dataclass
class Cosmology:
    omega_c: float
    _cache: dict = field(default_factory=dict)

    def tree_flatten(self):
        return (self.omega_c,), self._cache

    @classmethod
    def tree_unflatten(cls, cache, children):
        return cls(*children, _cache=cache)

    def cache_set(self, key, value):
        cache = self._cache
        cache[key] = value  # JXP502
        return replace(self, _cache=cache)


@jax.jit
def growth(cosmo, a):
    return cosmo.cache_set("growth", a * cosmo.omega_c)
