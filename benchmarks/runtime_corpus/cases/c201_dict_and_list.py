# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def collect(x):
    parts = [x, x * 2, x * 3]
    parts[1] = parts[1] + 1
    metrics = {}
    metrics["mean"] = jnp.mean(x)
    return jnp.stack(parts), metrics
