import jax
import jax.numpy as jnp


def make_counter_step():
    calls = 0

    def step(x):
        nonlocal calls
        calls = calls + 1  # expect: JXP102
        return x * 2

    def get_calls():
        return calls

    return jax.jit(step), get_calls
