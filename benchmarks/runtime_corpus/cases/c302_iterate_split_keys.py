# expect: none
import jax
import jax.numpy as jnp


def perturb_all(key, params_list):
    out = []
    for k, p in zip(jax.random.split(key, len(params_list)), params_list):
        out.append(p + 0.01 * jax.random.normal(k, p.shape))
    return out


def sample_until(key, threshold):
    for attempt in range(10):
        key, sub = jax.random.split(key)
        x = jax.random.uniform(sub)
        if x > threshold:
            break
    return x
