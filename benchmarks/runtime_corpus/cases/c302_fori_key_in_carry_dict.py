import jax
import jax.numpy as jnp


@jax.jit
def sgld(key, theta, n_steps=20, lr=1e-2):
    def body(i, carry):
        carry = dict(carry)
        carry["key"], sub = jax.random.split(carry["key"])
        grad = -carry["theta"]
        noise = jax.random.normal(sub, carry["theta"].shape)
        carry["theta"] = carry["theta"] + lr * grad + jnp.sqrt(2 * lr) * noise
        return carry

    out = jax.lax.fori_loop(0, n_steps, body, {"key": key, "theta": theta})
    return out["theta"]
