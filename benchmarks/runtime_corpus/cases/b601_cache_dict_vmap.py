import jax
import jax.numpy as jnp

_feature_cache = {}


def featurize(x):
    feats = jnp.concatenate([x, x ** 2])
    _feature_cache["last"] = feats  # expect: JXP601
    return feats


featurize_batch = jax.vmap(featurize)
