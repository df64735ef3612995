# Seen in instadeepai/sebulba sebulba/agents/ppo.py:187 (1 JXP401).
# `single_device_update` is jitted with `static_argnums=(7,)`: its `config` (a PPOConfig of
# Python values) is static. It makes `ppo_loss_grad_fn = jax.value_and_grad(ppo_loss,
# has_aux=True)` and calls it inside the minibatch body of a `lax.scan` with
# `config.norm_adv` (a bool) among the arguments; `ppo_loss` tests `if norm_adv:`. The bool
# is read from the static config, a Python value at trace time, and `value_and_grad`
# differentiates the first argument only. The analysis gets it right when the loss is called
# directly in the scan body, or when the grad function is called outside any scan; with the
# grad function made outside the scan body and called inside it, the parameter is taken as
# traced.
# Checked under jax 0.10.2: `python grad_fn_called_in_scan_body_with_static_option.py` passes.
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Config(NamedTuple):
    norm_adv: bool
    clip: float


def loss(params, adv, norm_adv: bool, clip: float):
    if norm_adv:  # must not be reported (JXP401)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return jnp.mean(params * adv * clip)


@functools.partial(jax.jit, static_argnums=(2,))
def update(params, advantages, config: Config):
    grad_fn = jax.value_and_grad(loss)

    def body(params, minibatch):
        value, grads = grad_fn(params, minibatch, config.norm_adv, config.clip)
        return params - 0.1 * grads, value

    return jax.lax.scan(body, params, advantages)


if __name__ == "__main__":
    adv = jnp.arange(6.0).reshape(3, 2)
    p1, _ = update(jnp.ones(2), adv, Config(True, 1.0))
    p2, _ = update(jnp.ones(2), adv, Config(False, 1.0))
    assert not jnp.allclose(p1, p2)
    print("ok")
