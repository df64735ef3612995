# Seen in FLAIROx/Kinetix kinetix/environment/ued/distributions.py:124-232 (JXP301 x5:
# lines 203, 214, 215, 231, 232).
# `sample_kinetix_level` splits its key into `_rngs = jax.random.split(_rng, 10)` and uses
# `_rngs[0]`..`_rngs[9]` once each. Its nested scan bodies `_add_shape(state, rng)` and
# `_add_thruster(state, rng)` split their own per-step key into a *local* `_rngs`
# (`_rngs = jax.random.split(_rng, 3)`) and use `_rngs[0]`, `_rngs[1]`, `_rngs[2]`, also
# from lambdas given to lax.switch/lax.cond. Those are new keys of the nested function,
# not the enclosing function's `_rngs`: nothing is reused. The analysis conflates the
# nested function's local list of keys with the enclosing one of the same name.
# Checked under jax 0.10.2: `python nested_function_local_key_list.py` passes.
import jax
import jax.numpy as jnp


@jax.jit
def sample_level(rng):
    rng, _rng = jax.random.split(rng)
    _rngs = jax.random.split(_rng, 4)
    floor = jax.random.choice(_rngs[0], jnp.arange(4))
    first = jax.random.uniform(_rngs[1])

    def _add_shape(total, rng):
        rng, _rng = jax.random.split(rng)
        _rngs = jax.random.split(_rng, 3)
        kind = jax.random.choice(_rngs[0], jnp.arange(2))
        total = jax.lax.switch(
            kind,
            [
                lambda: total + jax.random.uniform(_rngs[1]),
                lambda: total - jax.random.uniform(_rngs[2]),
            ],
        )
        return total, None

    total, _ = jax.lax.scan(_add_shape, first, jax.random.split(_rngs[2], 5))

    def _add_thruster(total, rng):
        rng, _rng = jax.random.split(rng)
        _rngs = jax.random.split(_rng, 2)
        total = jax.lax.cond(
            jax.random.uniform(_rngs[0]) < 0.5,
            lambda: total + jax.random.normal(_rngs[1]),
            lambda: total,
        )
        return total, None

    total, _ = jax.lax.scan(_add_thruster, total, jax.random.split(_rngs[3], 3))
    return floor, total


floor, total = sample_level(jax.random.key(1))
assert 0 <= int(floor) < 4 and jnp.isfinite(total)
print("ok")
