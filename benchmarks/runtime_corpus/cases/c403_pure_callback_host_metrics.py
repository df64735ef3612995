# expect: none
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def rank_metric(scores, labels):
    def host_auc(scores, labels):
        s = np.asarray(scores)
        order = np.argsort(-s)
        hits = np.asarray(labels)[order].tolist()
        n_pos = int(np.sum(labels))
        tp, auc = 0, 0.0
        for h in hits:
            tp += h
            auc += float(tp) if not h else 0.0
        return np.float32(auc / max(n_pos * (len(hits) - n_pos), 1) if n_pos else scores.max().item())

    return jax.pure_callback(host_auc, jax.ShapeDtypeStruct((), jnp.float32), scores, labels)
