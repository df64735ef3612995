"""Self-attention layer factory with a hook returning the last attention map."""
import jax
import jax.numpy as jnp


def make_attention(d_model):
    captured = {}

    @jax.jit
    def attend(params, x):
        q, k, v = x @ params["wq"], x @ params["wk"], x @ params["wv"]
        scores = q @ k.T / jnp.sqrt(d_model)
        weights = jax.nn.softmax(scores, axis=-1)
        captured["attn"] = weights  # expect: JXP601
        return weights @ v

    def last_attention():
        return captured.get("attn")

    return attend, last_attention


def attention_entropy(get_attn):
    w = get_attn()
    return -jnp.sum(w * jnp.log(w + 1e-9), axis=-1).mean()
