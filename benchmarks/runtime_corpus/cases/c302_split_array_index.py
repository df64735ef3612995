# expect: none
import jax
import jax.numpy as jnp


def noisy_sgd(key, w, grad_fn, num_steps, sigma=0.01):
    for _ in range(num_steps):
        keys = jax.random.split(key)
        key = keys[0]
        noise = sigma * jax.random.normal(keys[1], w.shape)
        w = w - 0.1 * grad_fn(w) + noise
    return w
