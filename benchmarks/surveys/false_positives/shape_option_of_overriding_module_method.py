# Seen in google/flaxformer flaxformer/components/relative_position_biases.py:43, 144,
# 175-182 (JXP401).
# `RelativePositionBiases.__call__(self, qlen, klen, bidirectional=True, decode=False)`
# overrides a protocol method declared `__call__(self, qlen: int, klen: int, ...)`; its
# callers pass sequence lengths taken from shapes. In decode mode it compares the cached
# bias's shape with `(1, self.num_heads, qlen, klen)` and raises on a mismatch: a
# comparison of tuples of Python ints (a shape is static), done while tracing. The positions
# are built with `computation_module.arange(qlen)` (NumPy by default, jnp on request), a use
# the analysis does not read as a shape. It takes the unannotated `qlen`/`klen` of the
# override as traced. The check at the bottom reaches the module through sys.modules, as the
# library's callers in other modules do.
# Checked under jax 0.10.2 and flax 0.12.8: `python shape_option_of_overriding_module_method.py`
# passes.
import abc
import sys

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


class RelativeAttentionAPI(metaclass=abc.ABCMeta):
    @abc.abstractmethod
    def __call__(self, qlen: int, klen: int, bidirectional: bool, decode: bool):
        """Returns a `(1, num_heads, qlen, klen)` attention bias."""


class RelativePositionBiases(nn.Module, RelativeAttentionAPI):
    num_heads: int = 2
    on_device_computation: bool = False

    @nn.compact
    def __call__(self, qlen, klen, bidirectional=True, decode=False):
        if decode and self.has_variable("cache", "cached_bias"):
            cached_bias = self.get_variable("cache", "cached_bias")
            expected_bias_shape = (1, self.num_heads, qlen, klen)
            if cached_bias.shape != expected_bias_shape:
                raise ValueError(
                    f"cached bias has shape {cached_bias.shape}, expected {expected_bias_shape}"
                )
            return cached_bias
        table = self.param("rel_embedding", nn.initializers.normal(), (self.num_heads, 8))
        # host-side positions, folded into the program as constants, unless asked otherwise
        computation_module = jnp if self.on_device_computation else np
        context_position = computation_module.arange(qlen, dtype=jnp.int32)[:, None]
        memory_position = computation_module.arange(klen, dtype=jnp.int32)[None, :]
        relative = memory_position - context_position
        bias = table[:, jnp.clip(relative, 0, 7)][None]
        if decode:
            self.put_variable("cache", "cached_bias", bias)
        return bias


def main():
    # reached through sys.modules, as the library's callers in other modules reach it: the
    # module itself has no caller of RelativePositionBiases
    model = getattr(sys.modules[__name__], "RelativePositionBiases")()
    qlen = klen = 4
    variables = model.init(jax.random.key(0), qlen, klen)

    @jax.jit
    def decode_step(variables):
        return model.apply(variables, qlen, klen, decode=True, mutable=["cache"])

    bias, cache = decode_step(variables)
    assert bias.shape == (1, 2, 4, 4)
    again, _ = decode_step({**variables, **cache})  # served from the cache, shape checked
    assert jnp.array_equal(again, bias)
    print("ok")


if __name__ == "__main__":
    main()
