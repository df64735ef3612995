"""One seed key handed to two jitted environment methods as a keyword argument.

Reduces qdax-e8ce2f06-77 (and -71, -74, -67, -55): a key passed to methods of objects
the analysis does not know (`jax.jit(env.reset)(rng=key)`) is consumed by each call.
"""
import jax


def test_reset_both(env, eval_env, seed):
    key = jax.random.PRNGKey(seed)
    state = jax.jit(env.reset)(rng=key)
    eval_state = jax.jit(eval_env.reset)(rng=key)  # JXP301
    return state, eval_state
