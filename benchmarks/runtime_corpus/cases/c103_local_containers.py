"""Feature extractor that builds and mutates local dicts and lists inside jit."""
import jax
import jax.numpy as jnp


def _add_moments(stats, name, v):
    stats[name + "_mean"] = v.mean()
    stats[name + "_std"] = v.std()


@jax.jit
def extract_features(batch):
    feats = {}
    history = []
    stats = dict()
    for name in sorted(batch):
        v = batch[name]
        feats[name] = v / (jnp.abs(v).max() + 1e-6)
        history.append(v.sum())
        _add_moments(stats, name, v)
    stats.update(total=sum(history))
    history.extend([stats["total"]])
    del feats[sorted(batch)[0]]
    return feats, stats, jnp.stack(history)
