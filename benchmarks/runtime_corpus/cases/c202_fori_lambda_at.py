import jax
import jax.numpy as jnp


def discounted_returns(rewards, dones, gamma=0.99):
    T = rewards.shape[0]
    out = jnp.zeros_like(rewards)

    def body(i, carry):
        ret, out = carry
        t = T - 1 - i
        ret = rewards[t] + gamma * ret * (1.0 - dones[t])
        return ret, out.at[t].set(ret)

    _, out = jax.lax.fori_loop(0, T, body, (jnp.zeros(()), out))
    return out


returns_jit = jax.jit(discounted_returns)
mark_terminal = jax.jit(lambda dones, idx: jax.lax.fori_loop(0, idx.shape[0], lambda i, d: d.at[idx[i]].set(1.0), dones))
