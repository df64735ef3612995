import jax
import jax.numpy as jnp


@jax.jit
def sgd_step(state, grads):
    lr = state["lr"]
    new = state.update(params=jax.tree.map(lambda p, g: p - lr * g, state["params"], grads)) or state  # expect: JXP502
    return new["params"]


def train(state, grads_seq):
    for g in grads_seq:
        sgd_step(state, g)
    return state
