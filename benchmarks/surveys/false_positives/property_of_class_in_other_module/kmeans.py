# Must not report (JXP401). Seen in ott-jax/ott src/ott/tools/k_means.py:253, :393 and :396
# (6aace50f67): `assert geom.is_squared_euclidean`, `if geom.is_online:` and
# `centroids.shape != (k, geom.cost_rank)` on properties of a geometry class defined in another
# module; the properties read only aux data and shapes, so they are static under jit and vmap.
# The same class in the same module is understood. Checked: `python -m
# property_of_class_in_other_module.kmeans` from false_positives/ under jax 0.10.2 (jit and vmap).
from functools import partial

import jax
import jax.numpy as jnp

from .geometry import PointCloud


@partial(jax.jit, static_argnums=1)
def k_means(geom: PointCloud, k: int):
    assert geom.is_squared_euclidean
    if geom.is_online:
        geom = PointCloud(geom.x, batch_size=None)
    centroids = geom.x[:k]
    if centroids.shape != (k, geom.cost_rank):
        raise ValueError("bad initial centroids")
    return centroids.mean()


def batched(xs, k):
    return jax.vmap(lambda x: k_means(PointCloud(x, batch_size=4), k))(xs)


if __name__ == "__main__":
    assert k_means(PointCloud(jnp.ones((8, 2))), 3) == 1.0
    assert batched(jnp.ones((5, 8, 2)), 3).shape == (5,)
