# Seen in google/paxml paxml/trainer_lib.py:1161 (JXP201), the sixteenth set's first run.
# `train_step_single_learner(jax_task, states, ...)`, partitioned (pjit or pmap) as the train
# step, takes a copy of the model variables, `mdl_vars = states.mdl_vars.copy()`, and sets
# the updated non-trainable collection into it, `mdl_vars[NON_TRAINABLE] =
# fwd_updated_vars[NON_TRAINABLE]`. `states.mdl_vars` is a NestedMap (a dict pytree of
# collections), so `.copy()` is a shallow dict copy and the item assignment is an ordinary
# dict write on a fresh dict; the caller's state is not touched.
# The analysis takes `.copy()` of a value reached from a traced argument for an array copy,
# and a subscript write on it with a key it cannot read (`NON_TRAINABLE`, a constant of
# another module; here a parameter) for an array write. With a string literal key
# (`mdl_vars["params"] = ...`, the next line) the same object is taken as a dict and
# nothing is reported.
# Checked under jax 0.10.2: `python dict_copy_taken_for_array.py` passes.
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp


class TrainState(NamedTuple):
    step: Any
    mdl_vars: Any


def make_train_step(non_trainable):
    return jax.jit(lambda states, batch: train_step(states, batch, non_trainable))


def train_step(states: TrainState, batch, non_trainable="non_trainable"):
    params = states.mdl_vars["params"]
    loss, grads = jax.value_and_grad(lambda p: jnp.sum((batch * p) ** 2))(params)
    running_mean = 0.9 * states.mdl_vars[non_trainable] + 0.1 * batch.mean()
    mdl_vars = states.mdl_vars.copy()
    mdl_vars[non_trainable] = running_mean  # must not be reported (JXP201)
    mdl_vars["params"] = params - 0.1 * grads
    return TrainState(states.step + 1, mdl_vars), loss


if __name__ == "__main__":
    state = TrainState(jnp.zeros((), jnp.int32), {"params": jnp.ones(2), "non_trainable": jnp.zeros(())})
    new, loss = make_train_step("non_trainable")(state, jnp.ones(2))
    assert int(new.step) == 1 and float(loss) == 2.0
    assert jnp.allclose(new.mdl_vars["params"], jnp.full(2, 0.8))
    assert jnp.allclose(new.mdl_vars["non_trainable"], 0.1)
    # the copy is a new dict: the state given is unchanged
    assert jnp.array_equal(state.mdl_vars["params"], jnp.ones(2))
    print("ok")
