# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def masked_power_iteration(A, num_iters, valid_len):
    n = A.shape[0]
    mask = jnp.arange(n) < valid_len
    A = jnp.where(mask[:, None] & mask[None, :], A, 0.0)

    def body(i, v):
        v = A @ v
        return v / (jnp.linalg.norm(v) + 1e-9)

    v = jax.lax.fori_loop(0, num_iters, body, jnp.where(mask, 1.0, 0.0))
    window = jax.lax.dynamic_slice_in_dim(v, valid_len - 1, 1)
    return v, window
