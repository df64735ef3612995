"""The flattener: a method summing what each record's supports take (efax
structure/flattener.py)."""
import dataclasses

import jax
import jax.numpy as jnp

from .records import Assembler, SimpleDistributionInfo
from .supports import parameter_supports


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Flattener(Assembler):
    scale: jax.Array = dataclasses.field(default_factory=lambda: jnp.float32(1.0))

    def final_dimension_size(self) -> int:
        return sum(
            support.num_elements(info.dimensions)
            for info in self.infos
            if isinstance(info, SimpleDistributionInfo)
            for _, support, _ in parameter_supports(info.type_, fixed=False)
        )

    def unflatten(self, flattened, *, raveled: bool = False):
        if raveled:
            final_dimension_size = self.final_dimension_size()
            if final_dimension_size == 0:  # must not be reported (JXP401)
                return jnp.reshape(flattened, (*flattened.shape, 0))
            flattened = jnp.reshape(flattened, (-1, final_dimension_size))  # must not be reported (JXP402)
        return flattened * self.scale
