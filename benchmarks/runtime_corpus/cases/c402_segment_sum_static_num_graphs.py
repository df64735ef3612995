# expect: none
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("num_graphs", "num_bins"))
def graph_readout(node_feats, graph_ids, degrees, num_graphs, num_bins=8):
    pooled = jax.ops.segment_sum(node_feats, graph_ids, num_segments=num_graphs)
    counts = jax.ops.segment_sum(jnp.ones_like(graph_ids), graph_ids, num_segments=num_graphs)
    hist = jnp.bincount(degrees, length=num_bins)
    eye = jnp.eye(num_graphs)
    return pooled / jnp.maximum(counts, 1)[:, None], hist, eye @ counts


def readout(batch):
    return graph_readout(batch["x"], batch["graph"], batch["deg"], num_graphs=batch["n_graph"])
