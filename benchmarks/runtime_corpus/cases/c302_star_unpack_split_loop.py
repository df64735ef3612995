# expect: none
import jax
import jax.numpy as jnp


def rollout(key, policy_w, n_steps):
    s = jnp.zeros(2)
    for _ in range(n_steps):
        key, act_key, noise_key = jax.random.split(key, 3)
        a = jax.random.categorical(act_key, s @ policy_w)
        s = s + 0.1 * a + jax.random.normal(noise_key, s.shape)
    return s
