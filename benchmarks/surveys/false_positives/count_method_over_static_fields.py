# Seen in NeilGirdhar/efax efax/_src/structure/flattener.py:64 (1 JXP401).
# `Flattener.unflatten` (reached under jit from `_flat_log_normalizer`, through
# `flattener.unflatten(...)` on an argument) tests `if final_dimension_size == 0:` where
# `final_dimension_size = self.final_dimension_size()`, a method that sums
# `support.num_elements(info.dimensions)` over `self.infos`: a list of records whose
# fields (`path`, `type_`, `dimensions`) are all declared `field(static=True)`. The sum is a
# Python int worked out from pytree metadata at trace time, so the test is static (and the
# traced caller leaves `raveled` at False, so that branch is not even reached there). The
# analysis takes the result of a method called on a traced pytree as traced (and so the
# reshape with it, which efax writes with the array namespace `xp`); it would have
# to see that the method reads only static fields of the records it iterates.
# Checked under jax 0.10.2: `python count_method_over_static_fields.py` passes.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Info:
    name: str = dataclasses.field(metadata=dict(static=True))
    dimensions: int = dataclasses.field(metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Flattener:
    infos: list
    scale: jax.Array

    def final_dimension_size(self) -> int:
        return sum(info.dimensions for info in self.infos)

    def unflatten(self, flat, *, raveled=False):
        if raveled:
            final_dimension_size = self.final_dimension_size()
            if final_dimension_size == 0:  # must not be reported (JXP401)
                return jnp.reshape(flat, (*flat.shape, 0))
            flat = jnp.reshape(flat, (-1, final_dimension_size))  # must not be reported (JXP402)
        return flat * self.scale


@jax.jit
def log_normalizer(flat, flattener):
    return jnp.sum(flattener.unflatten(flat, raveled=True))


if __name__ == "__main__":
    f = Flattener([Info("a", 2), Info("b", 1)], jnp.float32(2.0))
    assert float(log_normalizer(jnp.ones(6), f)) == 12.0
    empty = Flattener([Info("a", 0)], jnp.float32(2.0))
    assert float(log_normalizer(jnp.ones(0), empty)) == 0.0
    print("ok")
