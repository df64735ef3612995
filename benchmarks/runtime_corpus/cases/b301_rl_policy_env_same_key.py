import jax
import jax.numpy as jnp


def env_step(key, state, action):
    noise = 0.05 * jax.random.normal(key, state.shape)
    return state + 0.1 * action + noise


@jax.jit
def rollout_step(params, state, key):
    logits = state @ params
    action = jax.random.categorical(key, logits)
    next_state = env_step(key, state, action)  # expect: JXP301
    return next_state, action
