# Seen in jeremiecoullon/SGMCMCJax sgmcmcjax/kernels.py:62 (JXP301).
# `_build_langevin_kernel(init_fn_diffusion, update_diffusion, ...)` takes the diffusion's
# update either as one function or, for a splitting ("palindrome") scheme such as BAOAB, as
# a pair: `update_diffusion, update_diffusion2 = update_diffusion` when it is a tuple. The
# kernel splits its key once, `k1, k2 = random.split(key)`, runs the first half with `k1`,
# estimates the gradient with `k2` and, for a palindrome, runs the second half with `k1`
# again. Every second half in diffusions.py (baoab's and the splitting SG-NHT's `update2`)
# is the closing half-kick `v = v + dt(i) * 0.5 * g`: it takes a key to keep one update
# signature and draws nothing from it, so the only draw made with `k1` is the first half's
# noise. The analysis cannot tell what the two functions unpacked from a tuple argument do
# with a key and counts each call as a draw; it would have to follow the pair from the
# factory (`baoab(...)` returns `init_fn, (update1, update2), get_params`) to the kernel.
# Checked under jax 0.10.2: `python key_reused_by_step_half_that_draws_nothing.py` passes.
import jax
import jax.numpy as jnp
from jax import random


def baoab(dt, gamma):
    def init_fn(x):
        return x, jnp.zeros_like(x)

    def update1(i, k, g, state):
        x, v = state
        v = v + dt * 0.5 * g
        x = x + v * dt * 0.5
        c1 = jnp.exp(-gamma * dt)
        v = c1 * v + jnp.sqrt(1 - c1**2) * random.normal(k, shape=jnp.shape(v))
        x = x + v * dt * 0.5
        return x, v

    def update2(i, k, g, state):
        x, v = state
        return x, v + dt * 0.5 * g

    return init_fn, (update1, update2), lambda state: state[0]


def build_kernel(update_diffusion, get_params, grad_fn):
    if type(update_diffusion) == tuple:
        palindrome = True
        update_diffusion, update_diffusion2 = update_diffusion
    else:
        palindrome = False

    def kernel(i, key, state):
        dstate, g = state
        k1, k2 = random.split(key)
        dstate = update_diffusion(i, k1, g, dstate)
        g = grad_fn(k2, get_params(dstate))
        if palindrome:
            dstate = update_diffusion2(i, k1, g, dstate)  # must not be reported (JXP301)
        return dstate, g

    return kernel


def grad_log_post(key, x):
    noise = 0.01 * random.normal(key, shape=jnp.shape(x))
    return -x + noise


if __name__ == "__main__":
    init_fn, updates, get_params = baoab(0.1, 1.0)
    kernel = jax.jit(build_kernel(updates, get_params, grad_log_post))
    x0 = jnp.ones(3)
    state = (init_fn(x0), grad_log_post(random.PRNGKey(1), x0))
    key = random.PRNGKey(0)
    for i in range(5):
        key, subkey = random.split(key)
        state = kernel(i, subkey, state)
    assert jnp.all(jnp.isfinite(state[0][0]))
    # the second half draws nothing: any key gives the same result
    _, (u1, u2), _ = baoab(0.1, 1.0)
    s = (x0, jnp.zeros(3))
    assert jnp.array_equal(u2(0, random.PRNGKey(3), x0, s)[1], u2(0, random.PRNGKey(7), x0, s)[1])
    print("ok")
