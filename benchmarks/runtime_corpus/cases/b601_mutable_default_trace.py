import jax
import jax.numpy as jnp


def mlp(params, x, intermediates=[]):
    for w in params:
        x = jnp.tanh(x @ w)
        intermediates.append(x)  # expect: JXP601
    return x


forward = jax.jit(mlp)


def activation_stats():
    return [float(jnp.std(h)) for h in mlp.__defaults__[0]]
