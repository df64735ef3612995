import jax
import jax.numpy as jnp


def metropolis(key, x0, log_prob, n_steps):
    def body(i, carry):
        x, n_accepted, key = carry
        key, k_prop, k_acc = jax.random.split(key, 3)
        prop = x + 0.5 * jax.random.normal(k_prop, x.shape)
        accept = jnp.log(jax.random.uniform(k_acc)) < log_prob(prop) - log_prob(x)
        x = jnp.where(accept, prop, x)
        return x, n_accepted + jnp.where(accept, 1.0, 0.0), key  # expect: JXP501

    x, n_accepted, _ = jax.lax.fori_loop(0, n_steps, body, (x0, jnp.zeros((), jnp.int32), key))
    return x, n_accepted / n_steps
