# Project: instadeepai/flashbax examples/anakin_dqn_example.ipynb cell 15:37 (also
#   anakin_prioritised_dqn_example.ipynb 15:38); JXP301 "`jax.lax.while_loop(...)` reuses
#   PRNG key `rng` consumed on line 25 by `env.reset(rng)`".
# What the code does: the evaluation resets the environment with `rng` and then runs a
#   while_loop whose body splits the carried key (`rng, key_step = split(rng)`) but never
#   draws from either half: the greedy action is an argmax and the env step is
#   deterministic.
# Why it is false: the loop only splits; no random numbers come from `rng` or its children,
#   so the reset's draw is the only use.
# What the analysis would need: a loop body (while_loop/scan/fori) that only splits a key and
#   drops the children is no use of the carried key (taught for a helper function that only
#   splits: the Stoix cause).
# Left untaught (twentieth set, lead): a helper that only splits a key and returns the
#   children is a split for its caller (module/split_returns.py); a lax loop body doing so
#   with a key inside its carry tuple is not recognised.
import jax
import jax.numpy as jnp


def reset(key):
    return jax.random.uniform(key, (3,))


@jax.jit
def eval_one_episode(params, rng):
    state = reset(rng)

    def step(val):
        state, tot_r, rng, done = val
        rng, key_step = jax.random.split(rng)
        action = jnp.argmax(state * params)
        state = state.at[action].add(-1.0)
        tot_r += state[action]
        return state, tot_r, rng, tot_r < -3.0

    _, tot_r, rng, _ = jax.lax.while_loop(
        lambda val: val[3] == False, step, (state, 0.0, rng, False)
    )
    return tot_r


assert eval_one_episode(jnp.ones(3), jax.random.PRNGKey(0)) < -3.0
