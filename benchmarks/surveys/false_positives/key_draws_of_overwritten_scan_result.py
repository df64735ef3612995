# Project: epignatelli/navix navix/agents/ppo.py:326 and :331; JXP301 "`jax.random.split(x)`
#   reuses PRNG key `x` consumed on line 326 by the same call" and "`jax.random.split(_rng,
#   num_envs)` reuses PRNG key `_rng` consumed on line 325 by `jax.lax.scan(...)`".
# What the code does: a leftover lax.scan derives reset keys from `_rng`
#   (`lambda x, _: (split(x)[1], split(x)[1])`); its result `reset_rng` is overwritten on the
#   next line by `reset_rng = jax.random.split(_rng, num_envs)` before anything reads it.
# Why it is false: the scan's keys are never read, so neither its two identical splits nor
#   the later split of `_rng` give numbers that anything uses twice; the code runs as meant
#   (dead code to delete, not a key bug).
# What the analysis would need: a draw whose result is dead (the name rebound before any
#   read) is no use of the key; taught for plain draws (reused_key_draw_never_read), not for
#   draws inside a lax.scan body whose outputs are discarded.
# Half taught (twentieth set, lead): the later split is no reuse now (a lax loop's results
#   rebound unread are dead, as a plain draw's are: fixtures/surveys/
#   lax_result_rebound_unread.py). Left: the body's `split(x)[1], split(x)[1]` is walked on
#   its own, where nothing says the scan's results are dead.
import jax


@jax.jit
def reset_keys(rng):
    rng, _rng = jax.random.split(rng)
    _, reset_rng = jax.lax.scan(
        lambda x, _: (jax.random.split(x)[1], jax.random.split(x)[1]), _rng, None, 4
    )
    reset_rng = jax.random.split(_rng, 4)
    return rng, reset_rng


rng, keys = reset_keys(jax.random.PRNGKey(0))
assert keys.shape == (4, 2)
