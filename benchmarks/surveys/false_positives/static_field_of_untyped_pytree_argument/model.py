# The model package of cache_utils.py (see its header): its cache classes declare the
# fields the serving library reads static; cache_utils.py does not import this module.
import dataclasses

import jax
import jax.numpy as jnp

from .cache_utils import get_sequence, pages_needed

static_field = lambda val=dataclasses.MISSING: dataclasses.field(default=val, metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class KVCache:
    k: jax.Array
    iters: list
    time_axis: int = static_field(2)
    page_size: int = static_field(4)
    max_len: int = static_field(16)


def main():
    cache = KVCache(jnp.ones((2, 3, 8, 4)), [jnp.zeros((), jnp.int32)] * 2)
    assert get_sequence(cache, jnp.array(0)).shape == (3, 8, 4)
    assert pages_needed(cache, jnp.array([5.0, 9.0])).shape == (2, 4)


if __name__ == "__main__":
    main()
