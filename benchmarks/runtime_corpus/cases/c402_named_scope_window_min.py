# expect: none
import jax
import jax.numpy as jnp


class LocalAttention:
    def __init__(self, window):
        self.window = window

    def __call__(self, x):
        return _local_attn(x, self.window)


def _local_attn(x, window):
    outs = []
    w = min(window, x.shape[0])
    for i in range(x.shape[0] // w):
        with jax.named_scope(f"block_{i}"):
            blk = x[i * w:(i + 1) * w]
            outs.append(jax.nn.softmax(blk @ blk.T, axis=-1) @ blk)
    return jnp.concatenate(outs, axis=0)


local_attn = jax.jit(_local_attn, static_argnums=1)
