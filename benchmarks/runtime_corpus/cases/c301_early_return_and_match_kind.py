import jax
import jax.numpy as jnp


def init_weight(key, shape, kind="lecun"):
    if kind == "zeros":
        return jnp.zeros(shape)
    if kind == "orthogonal":
        return jax.nn.initializers.orthogonal()(key, shape)
    match kind:
        case "lecun":
            w = jax.random.truncated_normal(key, -2.0, 2.0, shape) / jnp.sqrt(shape[0])
        case "uniform":
            w = jax.random.uniform(key, shape, minval=-0.1, maxval=0.1)
        case _:
            raise ValueError(kind)
    return w
