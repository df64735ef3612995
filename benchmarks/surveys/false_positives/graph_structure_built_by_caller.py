# Seen in google-deepmind/graphcast weathernext/weathernext1_gen/transformer.py:55-56 (JXP401,
# 2 JXP403; judged under module_call_option_assumed_traced at first, but no option is
# involved). `MeshTransformer.__call__(self, x: TypedGraph, ...)`, a haiku module method,
# builds an adjacency matrix with NumPy/SciPy from the graph's structure: the node-set names
# of an edge-set key (dict keys: strings) and the node counts (`n_node`). Its only caller,
# the denoiser in another module, builds that graph inside the trace from the model's NumPy
# mesh topology and puts only the latent features in it (`mesh_graph._replace(nodes=...)`),
# so the names and counts are Python and NumPy values; only `features` is traced. The
# analysis takes the whole argument of a module's `__call__` as traced, because users jit
# it. Knowing better needs the kinds of a pytree's fields as its caller built them, here
# across modules.
# Checked under jax 0.10.2 and dm-haiku 0.0.17:
# `python graph_structure_built_by_caller.py` passes.
from typing import NamedTuple

import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np


class NodeSet(NamedTuple):
    n_node: np.ndarray
    features: jax.Array


class EdgeSetKey(NamedTuple):
    name: str
    node_sets: tuple[str, str]


class EdgeSet(NamedTuple):
    n_edge: np.ndarray
    indices: tuple[np.ndarray, np.ndarray]


class TypedGraph(NamedTuple):
    nodes: dict
    edges: dict

    def edge_key_by_name(self, name: str) -> EdgeSetKey:
        return next(key for key in self.edges if key.name == name)


def _adjacency(graph: TypedGraph, edge_set_name: str, add_self_edges: bool) -> np.ndarray:
    edge_set_key = graph.edge_key_by_name(edge_set_name)
    sender_node_set, receiver_node_set = edge_set_key.node_sets
    sender_n_node = graph.nodes[sender_node_set].n_node[0]
    receiver_n_node = graph.nodes[receiver_node_set].n_node[0]
    adj = np.zeros((sender_n_node, receiver_n_node), dtype=bool)
    senders, receivers = graph.edges[edge_set_key].indices
    adj[senders, receivers] = True
    if add_self_edges:
        assert sender_node_set == receiver_node_set
        adj[np.arange(sender_n_node), np.arange(receiver_n_node)] = True
    return adj


class MeshTransformer(hk.Module):
    def __call__(self, x: TypedGraph) -> jax.Array:
        adj = _adjacency(x, "mesh", add_self_edges=True)
        features = x.nodes["mesh_nodes"].features
        return jnp.asarray(adj, features.dtype) @ features


def forward(latent):
    # the mesh topology is NumPy, built with the model; only the latent features are traced
    key = EdgeSetKey("mesh", ("mesh_nodes", "mesh_nodes"))
    graph = TypedGraph(nodes={"mesh_nodes": NodeSet(np.array([3]), latent)},
                       edges={key: EdgeSet(np.array([2]), (np.array([0, 1]), np.array([1, 2])))})
    return MeshTransformer()(graph)


def main():
    f = hk.transform(forward)
    latent = jnp.ones((3, 4))
    params = f.init(None, latent)
    assert jax.jit(f.apply)(params, None, latent).shape == (3, 4)


if __name__ == "__main__":
    main()
