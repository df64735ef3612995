# Seen in cgarciae/treex examples/cnn_model.py:63 (JXP502) and
# examples/cnn_model_distributed.py:96 (JXP601), examples, the sixteenth set's first run.
# The examples' `Model` is a treex pytree whose steps are transformed methods. In
# cnn_model.py the jitted `test_step(self, x, y)` calls the static `loss_fn(self.module,
# self, x, y)`, which sets `model.module = model.module.merge(params)` on the model it is
# given and returns it; `test_step` returns that model. In cnn_model_distributed.py the
# pmapped `train_step(self, x, y)` assigns the new module to `self.module` and returns
# `loss, self`. Inside the trace `self` is not the caller's object but a copy rebuilt from
# the flattened argument; the writes are on that copy, which is returned, and every caller
# rebinds its receiver from the result (`model, test_logs = model.test_step(x, y)`, `loss,
# model = model.train_step(x, y)`). Nothing outlives the trace but the return value.
# The analysis reports a write into an argument passed on unchanged (JXP502) and a traced
# value stored on `self` (JXP601); it does not see that the written object is the
# transformed method's own receiver, returned and rebound by the caller.
# Checked under jax 0.10.2: `python receiver_written_returned_and_rebound.py` passes.
from functools import partial

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Model:
    def __init__(self, params, count):
        self.params = params
        self.count = count

    def tree_flatten(self):
        return (self.params, self.count), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    @staticmethod
    def loss_fn(params, model, x, y):
        model.params = params  # must not be reported (JXP502)
        model.count = model.count + 1  # must not be reported (JXP502)
        loss = jnp.mean((x @ model.params - y) ** 2)
        return loss, model

    @jax.jit
    def test_step(self, x, y):
        loss, model = self.loss_fn(self.params, self, x, y)
        return model, loss

    @partial(jax.pmap, axis_name="device")
    def train_step(self, x, y):
        grads = jax.grad(lambda p: jnp.mean((x @ p - y) ** 2))(self.params)
        grads = jax.lax.pmean(grads, axis_name="device")
        self.params = self.params - 0.1 * grads  # must not be reported (JXP601)
        return self


if __name__ == "__main__":
    model = Model(jnp.ones(2), jnp.zeros((), jnp.int32))
    x, y = jnp.ones((3, 2)), jnp.full(3, 2.0)
    for _ in range(2):
        # the caller rebinds the model the step returns
        model, loss = model.test_step(x, y)
    assert float(loss) == 0.0 and int(model.count) == 2
    replicated = jax.tree_util.tree_map(lambda v: v[None], Model(jnp.zeros(2), jnp.zeros((), jnp.int32)))
    for _ in range(2):
        replicated = replicated.train_step(x[None], y[None])
    assert float(replicated.params[0, 0]) > 0.0
    print("ok")
