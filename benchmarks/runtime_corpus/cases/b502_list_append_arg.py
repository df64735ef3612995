import jax
import jax.numpy as jnp


def rollout_step(buffer, obs):
    buffer.append(obs.shape[0])  # expect: JXP502
    return obs * 2


rollout_step_jit = jax.jit(rollout_step)
