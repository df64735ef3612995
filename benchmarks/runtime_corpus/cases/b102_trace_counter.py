import jax
import jax.numpy as jnp

num_updates = 0


@jax.jit
def train_step(w, g):
    global num_updates
    num_updates += 1  # expect: JXP102
    return w - 0.1 * g
