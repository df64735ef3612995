# Seen in cgarciae/treex treex/optimizer.py:113 and 117 (2 JXP401), the sixteenth set's
# first run.
# treex's `Optimizer` is a treeo `Tree` (a pytree class): `opt_state` is a node field,
# `_n_params: Optional[int] = to.static(None, init=False)` a static field, kept in the
# tree's structure (the treedef), not among its leaves. `init` sets `_n_params =
# len(jax.tree_leaves(params))`; `update(grads, params)`, run inside the jitted train steps
# of the examples (the optimizer is a jit argument), checks `if len(opt_params) !=
# self._n_params: raise ValueError(...)`. Both sides are Python ints inside the trace: the
# length of a list of leaves, and a static field, which jit passes through unflattening as
# the Python value it was.
# The analysis does not know treeo's static fields (`to.static(...)`, like
# `flax.struct.field(pytree_node=False)`): it takes every attribute of a traced Tree as
# traced.
# Needs treeo (0.2.2; `pip install --no-deps treeo==0.2.2`). treeo's `to.copy` calls
# `jax.tree_map`, gone from jax 0.10, so the program copies with jax.tree_util.tree_map.
# Checked under jax 0.10.2, treeo 0.2.2: `python treeo_static_field.py` passes.
import typing as tp

import jax
import jax.numpy as jnp
import treeo as to


class Optimizer(to.Tree):
    lr: float = to.static()
    opt_state: tp.Any = to.node(None)
    _n_params: tp.Optional[int] = to.static(None)

    def __init__(self, lr):
        self.lr = lr
        self.opt_state = None
        self._n_params = None

    def init(self, params):
        module = jax.tree_util.tree_map(lambda x: x, self)  # to.copy, without the removed jax.tree_map
        leaves = jax.tree_util.tree_leaves(params)
        module.opt_state = [jnp.zeros_like(p) for p in leaves]
        module._n_params = len(leaves)
        return module

    def update(self, grads, params):
        flat_grads, treedef = jax.tree_util.tree_flatten(grads)
        flat_params = jax.tree_util.tree_leaves(params)
        if len(flat_params) != self._n_params:  # must not be reported (JXP401)
            raise ValueError(f"params must have length {self._n_params}, got {len(flat_params)}")
        if len(flat_grads) != self._n_params:  # must not be reported (JXP401)
            raise ValueError(f"grads must have length {self._n_params}, got {len(flat_grads)}")
        self.opt_state = [0.9 * m + g for m, g in zip(self.opt_state, flat_grads)]
        new = [p - self.lr * m for p, m in zip(flat_params, self.opt_state)]
        return jax.tree_util.tree_unflatten(treedef, new)


@jax.jit
def train_step(params, optimizer: Optimizer, x):
    grads = jax.grad(lambda p: jnp.sum((x * p["w"] + p["b"]) ** 2))(params)
    params = optimizer.update(grads, params)
    return params, optimizer


if __name__ == "__main__":
    params = {"w": jnp.ones(2), "b": jnp.zeros(2)}
    optimizer = Optimizer(0.1).init(params)
    # _n_params is static: part of the tree's structure, a Python int inside the trace
    assert len(jax.tree_util.tree_leaves(optimizer)) == 2
    params, optimizer = train_step(params, optimizer, jnp.ones(2))
    assert optimizer._n_params == 2
    assert jnp.allclose(params["w"], jnp.full(2, 0.8))
    print("ok")
