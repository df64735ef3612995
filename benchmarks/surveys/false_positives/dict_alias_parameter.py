# Seen in google-deepmind/gemma gemma/research/t5gemma/modules.py:692 (JXP201; 694, JXP502,
# writes the same dict in the linen module and is not reduced here). The transformer's `__call__(..., cache: Cache | None = None)` takes
# `Cache = dict[str, LayerCache]`, a dict from layer names to that layer's arrays. It writes
# each layer's new cache with `cache[layer_name] = ...` (a dict item, not a JAX array) and
# returns the dict in its output, where the sampler reads it (`out.cache`): no caller relies
# on its own dict changing.
# Checked under jax 0.10.2: `python dict_alias_parameter.py` passes.
from typing import NamedTuple

import jax
import jax.numpy as jnp

LayerCache = dict[str, jax.Array]
Cache = dict[str, LayerCache]


class Output(NamedTuple):
    x: jax.Array
    cache: Cache | None


def transformer(tokens: jax.Array, cache: Cache | None = None) -> Output:
    x = tokens.astype(jnp.float32)
    for i in range(2):
        layer_name = f"layer_{i}"
        layer_cache = cache[layer_name] if cache else None
        if layer_cache is not None:
            x = x + layer_cache["k"]
            layer_cache = {"k": x}
        x = jnp.tanh(x)
        if cache:
            cache[layer_name] = layer_cache
    return Output(x, cache)


step = jax.jit(transformer)
cache = {f"layer_{i}": {"k": jnp.zeros(3)} for i in range(2)}
out = step(jnp.ones(3), cache)
cache = out.cache
out = step(jnp.ones(3), cache)
assert set(out.cache) == {"layer_0", "layer_1"} and out.x.shape == (3,)
