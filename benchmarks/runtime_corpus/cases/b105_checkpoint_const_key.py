import jax
import jax.numpy as jnp


@jax.checkpoint
def noisy_block(w, x):
    key = jax.random.PRNGKey(0)  # expect: JXP105
    h = jnp.tanh(x @ w)
    return h + 0.1 * jax.random.normal(key, h.shape)


@jax.jit
def forward(w, x):
    return noisy_block(w, x)
