import jax
import jax.numpy as jnp


@jax.jit
def multi_head_scores(q, k, cfg):
    b, t, d = q.shape
    qh = q.reshape(b, t, cfg["num_heads"], d // cfg["num_heads"])  # expect: JXP402
    kh = k.reshape(b, t, cfg["num_heads"], d // cfg["num_heads"])  # expect: JXP402
    return jnp.einsum("bthd,bshd->bhts", qh, kh)


def attention_logits(q, k):
    cfg = {"num_heads": 2, "dropout": 0.1}
    return multi_head_scores(q, k, cfg)
