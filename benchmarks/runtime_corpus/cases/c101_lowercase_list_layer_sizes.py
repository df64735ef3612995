# expect: none
import jax
import jax.numpy as jnp

hidden_sizes = [16, 16, 4]


def init(key, in_dim):
    params = []
    for size in hidden_sizes:
        key, sub = jax.random.split(key)
        params.append(jax.random.normal(sub, (in_dim, size)) / jnp.sqrt(in_dim))
        in_dim = size
    return params


@jax.jit
def forward(params, x):
    for i in range(len(hidden_sizes)):
        x = x @ params[i]
        if i < len(hidden_sizes) - 1:
            x = jax.nn.gelu(x)
    return x
