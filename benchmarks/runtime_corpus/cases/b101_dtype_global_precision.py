import jax
import jax.numpy as jnp

COMPUTE_DTYPE = jnp.float32


def set_precision(name):
    global COMPUTE_DTYPE
    COMPUTE_DTYPE = {"fp32": jnp.float32, "bf16": jnp.bfloat16}[name]


@jax.jit
def mlp_forward(params, x):
    h = x.astype(COMPUTE_DTYPE)  # expect: JXP101
    for w in params:
        h = jax.nn.gelu(h @ w.astype(h.dtype))
    return h
