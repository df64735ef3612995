import jax
import jax.numpy as jnp


def explore(key, q):
    return jax.random.randint(key, (), 0, q.shape[-1])


def exploit(key, q):
    del key
    return jnp.argmax(q).astype(jnp.int32)


@jax.jit
def epsilon_greedy(key, q, eps):
    k_coin, k_act = jax.random.split(key)
    coin = jax.random.uniform(k_coin)
    return jax.lax.cond(coin < eps, explore, exploit, k_act, q)


def sample_init(key, kind):
    if kind == "normal":
        return jax.random.normal(key, (4,))
    elif kind == "uniform":
        return jax.random.uniform(key, (4,), minval=-1.0, maxval=1.0)
    else:
        return jax.random.truncated_normal(key, -2.0, 2.0, (4,))
