import jax
import jax.numpy as jnp


def prefix_lm_attention(x, w_qkv, prefix_len):
    qkv = x @ w_qkv
    q, k, v = jnp.split(qkv, 3, axis=-1)
    k[:prefix_len] = k[:prefix_len] * 2.0  # expect: JXP201
    logits = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(logits, axis=-1) @ v
