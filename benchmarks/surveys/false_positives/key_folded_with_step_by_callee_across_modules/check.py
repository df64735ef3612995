"""The train loop: one key handed to the jitted step on every iteration."""
import jax
import jax.numpy as jnp

from . import steps


def run(n):
    key = jax.random.PRNGKey(0)
    state = steps.State(jnp.zeros((), jnp.int32), jnp.zeros(()))

    def train_step(state, key, x):
        return steps.train_step_single("task", state, key, x)

    step_fn = jax.jit(train_step)
    noises = []
    for _ in range(n):
        state, noise = step_fn(state, key, jnp.ones(4))  # must not be reported (JXP302)
        noises.append(noise)
    return state, noises


if __name__ == "__main__":
    state, noises = run(3)
    assert int(state.step) == 3
    assert not jnp.array_equal(noises[0], noises[1]) and not jnp.array_equal(noises[1], noises[2])
    print("ok")
