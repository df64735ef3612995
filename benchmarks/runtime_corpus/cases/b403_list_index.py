import jax
import jax.numpy as jnp

ACTIVATIONS = [jnp.tanh, jax.nn.relu, jax.nn.sigmoid]


@jax.jit
def apply_activation(x, which):
    idx = jnp.argmax(which)
    return ACTIVATIONS[idx](x)  # expect: JXP403
