# expect: none
from functools import partial

import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnames=("tx",))
def apply_tx(params, grads, opt_state, tx):
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


TX = optax.adam(1e-2)


def run(params, grads, steps):
    tx = TX
    opt_state = tx.init(params)
    for _ in range(steps):
        params, opt_state = apply_tx(params, grads, opt_state, tx=tx)
    return params
