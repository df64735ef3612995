# Seen in google-research/jestimator jestimator/estimator.py:217 and :269 (2 JXP301, 1 JXP302).
# `train(ckpt_path, same_dir, rng, module, ...)` builds the train state with
# `module.get_train_state(config, rng)` (which splits `rng` for the model's init and the
# state's own key) and then, before compiling and again at the top of every round of the
# `while` loop, resets the metrics with `state.metrics_mod.init(rng)`. `metrics_mod` is a
# `struct.field(pytree_node=False)` annotated `nn.Module`; every model stores a
# `MeanMetrics`, whose variables are zero totals and counts in a "metrics" collection made by
# `self.variable(..., lambda: 0.)`: nothing calls `make_rng` or `self.param`, so `init`
# reads no key and returns the same zeros for any key. Reusing `rng` there changes nothing.
# The analysis counts every key given to `init` as consumed. Beside
# init_key_unread_by_module (fixtures/surveys/, taught: a module class the caller builds
# itself), it would also have to know which class a dataclass field annotated with the
# base class holds: here the one class every creator of the state stores.
# Needs flax. Checked under jax 0.10.2, flax 0.12.8:
# `python init_key_unread_by_module_held_in_field.py` passes.
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
from flax import struct


class Mean(nn.Module):
    metric_name: str

    def setup(self):
        self.total = self.variable("metrics", f"{self.metric_name}_total", lambda: jnp.zeros(()))
        self.count = self.variable("metrics", f"{self.metric_name}_count", lambda: jnp.zeros(()))

    def __call__(self):
        return self.total.value, self.count.value


class State(struct.PyTreeNode):
    params: Any
    state_rng: Any
    metrics_mod: nn.Module = struct.field(pytree_node=False)


def create_state(rng):
    init_rng, state_rng = jax.random.split(rng)
    params = jax.random.normal(init_rng, (3,))
    return State(params=params, state_rng=state_rng, metrics_mod=Mean("loss"))


def train(rng, rounds):
    state = create_state(rng)
    metrics = state.metrics_mod.init(rng)  # must not be reported (JXP301)
    first = metrics
    done = 0
    while done < rounds:
        metrics = state.metrics_mod.init(rng)  # must not be reported (JXP301, JXP302)
        assert jax.tree.all(jax.tree.map(jnp.array_equal, metrics, first))
        done += 1
    return state, metrics


if __name__ == "__main__":
    state, metrics = train(jax.random.PRNGKey(0), 3)
    other = state.metrics_mod.init(jax.random.PRNGKey(7))
    # the init key changes nothing: the metrics are zeros whatever key init is given
    assert jax.tree.all(jax.tree.map(jnp.array_equal, other, metrics))
    assert float(metrics["metrics"]["loss_total"]) == 0.0
    print("ok")
