# expect: none
import functools
import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def mlp_apply(x, hidden_sizes):
    for h in hidden_sizes:
        x = jnp.tanh(x[..., :h])
    return x


sizes = [4, 2]
out = mlp_apply(jnp.ones(8), tuple(sizes))
