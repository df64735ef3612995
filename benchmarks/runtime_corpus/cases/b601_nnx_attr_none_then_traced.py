import jax
import jax.numpy as jnp
from flax import nnx


class AttentionProbe(nnx.Module):
    """Self-attention that keeps its last attention map around for visualisation."""

    def __init__(self, dim, *, rngs):
        self.q = nnx.Linear(dim, dim, rngs=rngs)
        self.k = nnx.Linear(dim, dim, rngs=rngs)
        self.last_attn = None

    def __call__(self, x):
        scores = self.q(x) @ self.k(x).T / jnp.sqrt(x.shape[-1])
        attn = jax.nn.softmax(scores, axis=-1)
        self.last_attn = attn  # expect: JXP601
        return attn @ x


@nnx.jit
def forward(model, x):
    return model(x)


def attention_entropy(model):
    p = model.last_attn
    return -jnp.sum(p * jnp.log(p + 1e-9), axis=-1).mean()
