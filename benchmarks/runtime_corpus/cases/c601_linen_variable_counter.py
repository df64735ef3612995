# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp


class RunningMean(nn.Module):
    """Tracks a running mean of its inputs in the 'stats' collection."""

    @nn.compact
    def __call__(self, x):
        count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.int32))
        total = self.variable("stats", "total", lambda: jnp.zeros(x.shape[-1]))
        if not self.is_initializing():
            count.value += 1
            total.value = total.value + x.mean(axis=0)
        return x - total.value / jnp.maximum(count.value, 1)


model = RunningMean()


@jax.jit
def update(variables, x):
    y, new_vars = model.apply(variables, x, mutable=["stats"])
    return y, new_vars
