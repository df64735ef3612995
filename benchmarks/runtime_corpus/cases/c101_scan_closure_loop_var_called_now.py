import jax
import jax.numpy as jnp


def discounted_returns(rewards, gammas):
    results = []
    for gamma in gammas:
        def body(acc, r):
            acc = r + gamma * acc
            return acc, acc

        _, ret = jax.lax.scan(body, 0.0, rewards, reverse=True)
        results.append(ret)
    return jnp.stack(results)
