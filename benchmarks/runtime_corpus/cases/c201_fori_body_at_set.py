# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def prefix_sum(x):
    def body(i, acc):
        acc = acc.at[i].set(acc[i - 1] + x[i])
        return acc

    return jax.lax.fori_loop(1, x.shape[0], body, x)


def prefix_sum_numpy_style(x):
    import numpy as np

    acc = np.array(x)
    for i in range(1, acc.shape[0]):
        acc[i] = acc[i - 1] + acc[i]
    return jnp.asarray(acc)
