# Where seen: FLAIROx/JaxMARL jaxmarl/environments/overcooked/interactive.py:80, JXP301:
#   `key, subkey = jax.random.split(subkey)` "reuses PRNG key `subkey` consumed on line 39 by
#   `jax.jit(env.step_env)(subkey, extras["state"], actions)`".
# What the code does: the interactive tool's step() takes `env` as a parameter (main builds an
#   Overcooked); Overcooked.step_env(key, state, actions) has a key parameter for the common env
#   API but never draws from it (step_agents is deterministic). On done, subkey is split for reset.
# Why the finding is wrong: step_env never draws from subkey, so the split afterwards produces keys
#   no earlier draw has used; no random numbers are repeated.
# What the analysis misses: the callee (reached through a parameter / jax.jit wrapper, the class
#   known from the caller) takes a key argument it never uses; passing a key is not a draw.
# Left untaught (lead, this session): the environment is a parameter; which class's
# `step_env` runs is known only at the call site, and other environments draw from the key.
import jax
import jax.numpy as jnp


class GridEnv:
    def step_env(self, key, state, action):
        del key  # deterministic transition; key kept for the common env API
        return state + action

    def reset(self, key):
        return jax.random.randint(key, (), 0, 10)


def step(env, extras, action):
    key, subkey = jax.random.split(extras["rng"])
    state = jax.jit(env.step_env)(subkey, extras["state"], action)
    if state > 5:
        key, subkey = jax.random.split(subkey)
        state = env.reset(subkey)
    extras["state"] = state
    extras["rng"] = key
    return extras


if __name__ == "__main__":
    extras = {"rng": jax.random.PRNGKey(0), "state": jnp.int32(4)}
    print(step(GridEnv(), extras, 3))
