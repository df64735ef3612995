"""Monte-Carlo rollout that derives a per-step key with fold_in."""
import jax
import jax.numpy as jnp


def noisy_rollout(key, x0, num_steps, sigma=0.1):
    xs = [x0]
    x = x0
    for step in range(num_steps):
        step_key = jax.random.fold_in(key, step)
        noise = jax.random.normal(step_key, x.shape)
        x = 0.9 * x + sigma * noise
        xs.append(x)
    return jnp.stack(xs)


def batched_rollouts(key, x0, num_steps, num_chains):
    out = []
    for chain in range(num_chains):
        out.append(noisy_rollout(jax.random.fold_in(key, chain), x0, num_steps))
    return jnp.stack(out)
