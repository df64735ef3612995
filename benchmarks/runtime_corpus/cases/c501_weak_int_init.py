# expect: none
import jax
import jax.numpy as jnp


def discounted_return(rewards, gamma=0.99):
    def step(acc, r):
        acc = r + gamma * acc
        return acc, acc

    total, _ = jax.lax.scan(step, 0, rewards[::-1])
    return total
