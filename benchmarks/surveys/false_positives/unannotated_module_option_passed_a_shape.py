# Seen in n2cholas/jax-resnet jax_resnet/resnet.py:56 and 72 (2 JXP401).
# `ResNetSkipConnection.__call__(self, x, out_shape)` tests `if x.shape != out_shape:` (and
# `ResNetDSkipConnection` `if x.shape[-1] != out_shape[-1]:`) to decide whether the skip
# path needs a 1x1 convolution. Its only callers, the blocks' `__call__`, reach it through a
# class held in a module field (`skip_cls: ModuleDef = ResNetSkipConnection`, wrapped in
# `partial(self.skip_cls, conv_block_cls=...)`) and pass `y.shape`: a tuple of Python ints,
# so both sides are static shapes and the test runs at trace time (and must: it decides
# which submodules exist; `out_shape[-1]` becomes a feature count). The library jits
# nothing: its users jit the whole model. With no jit in the project reaching the module,
# the analysis takes every argument of a linen `__call__` as traced ("which its users
# jit"), including one that only its own callers fill, with a shape. (When the same file
# jits the model, `jax.jit(model.apply)`, the analysis follows the real callers and
# reports nothing: `check` below takes its jit as an argument, as a user's code would.)
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python unannotated_module_option_passed_a_shape.py` passes.
from functools import partial
from typing import Any, Callable

import flax.linen as nn
import jax
import jax.numpy as jnp

ModuleDef = Any


class SkipConnection(nn.Module):
    dense_cls: ModuleDef = nn.Dense

    @nn.compact
    def __call__(self, x, out_shape):
        if x.shape != out_shape:  # must not be reported (JXP401)
            x = self.dense_cls(out_shape[-1], use_bias=False)(x)
        return x


class Block(nn.Module):
    features: int
    activation: Callable = nn.relu
    dense_cls: ModuleDef = nn.Dense
    skip_cls: ModuleDef = SkipConnection

    @nn.compact
    def __call__(self, x):
        skip_cls = partial(self.skip_cls, dense_cls=self.dense_cls)
        y = self.dense_cls(self.features)(x)
        return self.activation(y + skip_cls()(x, y.shape))


def check(jit=jax.jit):
    x = jnp.ones((2, 3))
    for features, n_params in ((3, 2), (5, 3)):
        model = Block(features)
        params = model.init(jax.random.PRNGKey(0), x)
        assert len(jax.tree_util.tree_leaves(params)) == n_params, params
        out = jit(model.apply)(params, x)
        assert out.shape == (2, features)


if __name__ == "__main__":
    import sys

    check(getattr(sys.modules["jax"], "jit"))  # a user's jit, out of the analysis' sight
    print("ok")
