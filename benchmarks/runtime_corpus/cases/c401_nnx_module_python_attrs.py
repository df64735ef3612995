# expect: none
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, dim, num_layers, use_bias, rngs):
        self.num_layers = num_layers
        self.use_bias = use_bias
        self.norm_first = num_layers > 1
        self.layers = nnx.List([nnx.Linear(dim, dim, use_bias=use_bias, rngs=rngs) for _ in range(num_layers)])

    def __call__(self, x, deterministic):
        for i in range(self.num_layers):
            if self.norm_first and i > 0:
                x = x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + 1e-6)
            x = self.layers[i](x)
            if not deterministic:
                x = x * 0.5
        if self.use_bias:
            x = x + 1.0
        return x


@partial(nnx.jit, static_argnames="deterministic")
def forward(model, x, deterministic=True):
    return model(x, deterministic=deterministic)


def run(x):
    model = Block(4, 2, True, nnx.Rngs(0))
    return forward(model, x), forward(model, x, deterministic=False)
