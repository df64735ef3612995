# expect: none
import dataclasses
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["activation", "use_bias"])
@dataclasses.dataclass
class Dense:
    w: jax.Array
    b: jax.Array
    activation: str = "relu"
    use_bias: bool = True


@jax.jit
def apply(layer, x):
    y = x @ layer.w
    if layer.use_bias:
        y = y + layer.b
    if layer.activation == "gelu":
        return jax.nn.gelu(y)
    return jax.nn.relu(y)
