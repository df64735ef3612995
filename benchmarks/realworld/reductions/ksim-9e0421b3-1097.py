"""A key consumed inside the branch lambdas of `lax.cond`.

Reduces ksim-9e0421b3-1097: on termination the rollout step resets the observation
carry and the model carry, each in a `lax.cond` whose true branch is a lambda calling
an initializer with the same `carry_rng`. Uses of a key inside a lambda body are not
counted as consumptions, so the second reset is not reported (the same two calls
written directly are).
"""
import jax


def init_obs_carry(rng):
    return jax.random.normal(rng, (3,))


def init_model_carry(model, rng):
    return model + jax.random.normal(rng, (3,))


def reset_carries(terminated, carry_rng, obs_carry, model, model_carry):
    obs_carry = jax.lax.cond(terminated, lambda: init_obs_carry(rng=carry_rng), lambda: obs_carry)
    model_carry = jax.lax.cond(
        terminated,
        lambda: init_model_carry(model, carry_rng),  # JXP301
        lambda: model_carry,
    )
    return obs_carry, model_carry
