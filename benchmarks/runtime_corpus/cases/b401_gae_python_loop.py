import jax
import jax.numpy as jnp


@jax.jit
def compute_returns(rewards, dones, gamma=0.99):
    running = 0.0
    returns = []
    for t in reversed(range(rewards.shape[0])):
        if dones[t]:  # expect: JXP401
            running = 0.0
        running = rewards[t] + gamma * running
        returns.append(running)
    return jnp.stack(returns[::-1])
