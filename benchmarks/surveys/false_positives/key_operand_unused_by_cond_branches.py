# Seen in FLAIROx/Kinetix experiments/sfl.py:732-747 (JXP301).
# `learnability_rng` is consumed by `_new_buffer(learnability_rng)`, and then handed to
# `jax.lax.cond(should_get_new_buffer, _do_new, _do_old, learnability_rng)` as the operand;
# both branches take it as `_rng` and ignore it (`_do_new` returns the buffer already computed,
# `_do_old` the old one with NaN metrics). The key is passed only because cond needs an
# operand: nothing is drawn from it a second time. The analysis takes a key handed to
# lax.cond as consumed by the branches without looking at whether they use it.
# Checked under jax 0.10.2: `python key_operand_unused_by_cond_branches.py` passes.
import jax
import jax.numpy as jnp


@jax.jit
def refresh(key, old, step):
    new = jax.random.uniform(key, old.shape)  # the only draw from `key`

    def _do_new(_key):
        return new

    def _do_old(_key):
        return old

    return jax.lax.cond(step % 2 == 0, _do_new, _do_old, key)


key_a, key_b = jax.random.split(jax.random.key(0))
old = jnp.zeros(3)
assert jnp.array_equal(refresh(key_a, old, 1), old)
fresh = refresh(key_b, old, 0)
assert fresh.shape == (3,) and not jnp.array_equal(fresh, old)
print("ok")
