# expect: none
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Episode(NamedTuple):
    obs: jnp.ndarray
    ret: jnp.ndarray
    length: jnp.ndarray


def reset(ep):
    return Episode(obs=jnp.zeros_like(ep.obs), ret=jnp.zeros_like(ep.ret), length=jnp.zeros_like(ep.length))


def advance(ep, reward):
    return ep._replace(obs=ep.obs + 1.0, ret=ep.ret + reward, length=ep.length + 1)


@jax.jit
def env_step(ep, reward, done):
    return jax.lax.cond(done, lambda e: reset(e), lambda e: advance(e, reward), ep)


def run_fixed(n):
    init = tuple([jnp.zeros(()), jnp.zeros((), jnp.int32)])

    def body(i, carry):
        total, count = carry
        return (total + i, count + 1)

    return jax.lax.fori_loop(0, n, body, init)
