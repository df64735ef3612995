# Seen in google-deepmind/disco_rl disco_rl/value_fns/value_fn.py:161, 169 (JXP502).
# `value_loss_fn(v_params, value_state, ...)`, differentiated by `jax.value_and_grad` in its
# first argument, saves `value_state.params`, sets it to the differentiated `v_params` so the
# value network reads them, and sets the saved params back before returning. `value_and_grad`
# hands the non-differentiated `value_state` (a mutable chex dataclass) through as the very
# object the caller passed, so for the length of the call the caller's object holds the
# tracers, and after it holds its own params again: nobody sees a change. The analysis takes
# each write for a mutation of the argument that the caller sees only without the transform.
# Checked under jax 0.10.2: `python argument_attribute_swapped_and_restored.py` passes.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ValueState:
    params: jax.Array
    scale: jax.Array


def predict(state, x):
    return state.params * state.scale * x


def update(state, x):
    def loss_fn(params, state, x):
        saved = state.params
        state.params = params
        loss = jnp.sum(predict(state, x) ** 2)
        state.params = saved
        return loss

    loss, grads = jax.value_and_grad(loss_fn)(state.params, state, x)
    return ValueState(state.params - 0.1 * grads, state.scale), loss


if __name__ == "__main__":
    state = ValueState(jnp.ones(3), jnp.full(3, 2.0))
    params_before = state.params
    new_state, loss = update(state, jnp.arange(3.0))
    assert state.params is params_before  # the caller's state is as it was
    assert jnp.allclose(new_state.params, 1 - 0.1 * 8 * jnp.arange(3.0) ** 2)
    new_state_jit, _ = jax.jit(update)(state, jnp.arange(3.0))
    assert state.params is params_before and jnp.allclose(new_state_jit.params, new_state.params)
    print("ok")
