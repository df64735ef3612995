"""The jitted caller, in its own module (efax natural_parametrization.py)."""
import jax
import jax.numpy as jnp

from .flattener import Flattener
from .records import Dirichlet, Normal, SimpleDistributionInfo


@jax.jit
def flat_log_normalizer(flattened, flattener: Flattener):
    return jnp.sum(flattener.unflatten(flattened, raveled=True))


if __name__ == "__main__":
    infos = [SimpleDistributionInfo(("a",), Normal, 1), SimpleDistributionInfo(("b",), Dirichlet, 3)]
    f = Flattener(infos, jnp.float32(2.0))
    # Normal: 1 + 1; Dirichlet (count fixed): 3 + 2
    assert f.final_dimension_size() == 7
    assert float(flat_log_normalizer(jnp.ones(14), f)) == 28.0
    assert flat_log_normalizer.lower(jnp.ones(7), f).as_text()  # traced with a Python int
    print("ok")
