# expect: none
# Freeze the first row of every weight matrix after each update.
import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(params, grads, lr):
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    params = jax.tree.map(lambda p: p.at[0].set(0.0), params)
    return params


def leave_one_out_sums(x):
    return jnp.stack([jnp.sum(x.at[i].set(0.0)) for i in range(x.shape[0])])
