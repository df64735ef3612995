import jax
import jax.numpy as jnp

seen_batch_sizes = []


@jax.jit
def forward(x):
    seen_batch_sizes.append(x.shape[0])  # expect: JXP103
    return jnp.tanh(x)
