"""A jitted train step returns the key its fori_loop already consumed.

Reduces sbx-42caa65f-448 (and -338, -477, -534): the key goes into the loop carry, the
body splits it, and the function returns the original key instead of the carry's, so the
caller's next step replays the same randomness.
"""
from functools import partial

import jax


class SAC:
    @classmethod
    @partial(jax.jit, static_argnames=["cls", "gradient_steps"])
    def _train(cls, gradient_steps, qf_state, key):
        def one_update(i, carry):
            key, noise_key = jax.random.split(carry["key"])
            qf_state = carry["qf_state"] + jax.random.normal(noise_key)
            return {"qf_state": qf_state, "key": key}

        carry = {"qf_state": qf_state, "key": key}
        update_carry = jax.lax.fori_loop(0, gradient_steps, one_update, carry)
        return update_carry["qf_state"], key  # JXP301
