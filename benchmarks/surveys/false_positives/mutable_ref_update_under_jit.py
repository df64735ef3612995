# Must not report (JXP502). Seen in google/flax examples/nnx_toy_examples/hijax_basic.py:72 and
# hijax_demo.py:244 (18f8f311c2): with hijax Variables (backed by `jax.new_ref`), an
# optimizer's `update` writes the parameters and its state in place, and the writes reach the
# caller under jit too: mutating through a ref is the point. Checked: `python
# mutable_ref_update_under_jit.py` under jax 0.10.2 (two jitted steps update the caller's refs).
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class SGD:
    def __init__(self, count):
        self.count = count

    def update(self, params, grads):
        params[...] = params[...] - 0.5 * grads
        self.count[...] += 1

    def tree_flatten(self):
        return (self.count,), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)


@jax.jit
def train_step(params, optimizer, grads):
    optimizer.update(params, grads)


if __name__ == "__main__":
    params, optimizer = jax.new_ref(jnp.ones(2)), SGD(jax.new_ref(jnp.int32(0)))
    train_step(params, optimizer, jnp.ones(2))
    train_step(params, optimizer, jnp.ones(2))
    assert (params[...] == 0.0).all() and optimizer.count[...] == 2
