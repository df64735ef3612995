# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def train_step(state, dropout_key):
    keep = jax.random.bernoulli(dropout_key, 0.5, state["w"].shape)
    w = state["w"] - 0.1 * jnp.where(keep, 1.0, 0.0)
    return {"w": w, "step": state["step"] + 1}


def train(key, num_steps):
    state = {"w": jnp.ones(8), "step": jnp.array(0)}
    masks = []
    for _ in range(num_steps):
        step_key = jax.random.fold_in(key, state["step"])
        new_state = train_step(state, step_key)
        masks.append(new_state["w"] - state["w"])
        state = new_state
    return state, masks
