# Seen in neuralgcm/neuralgcm neuralgcm/legacy/stochastic_test.py:561, 830 (JXP301, tests).
# The tests transform `make_field_trajectory(key)`, which draws its random field from the
# `key` argument, and vmap `lambda rng: transformed.apply(params, rng, rng)` over keys: the
# same key as haiku's apply rng and as the function's own key argument. No module of the
# random-field code calls `hk.next_rng_key`, so the apply rng is never drawn from and the
# key is used once (another test in the same file passes `fold_in(rng, 1)` instead, to the
# same effect). The analysis counts the key given to `apply` as consumed.
# Left untaught (testkeys9): in neuralgcm the transformed functions call the test's
# `self._make_grf(...)`, which calls dinosaur's `PrimitiveEquationsSpecs.from_si()` and
# `nondimensionalize` and builds `stochastic.BatchGaussianRandomFieldModule`, whose methods
# call dinosaur's coordinate systems. dinosaur is another project, not in the checked tree:
# whether code it runs calls `hk.next_rng_key` is not known there (it imports no haiku, but
# the analysis cannot see that), so the apply rng may be drawn from and the findings stay.
# Only this file's form (everything the transformed function reaches in sight) could go.
# Needs dm-haiku. Checked under jax 0.10.2 and dm-haiku 0.0.17:
# `python haiku_apply_rng_unread_by_module.py` passes.
import haiku as hk
import jax
import jax.numpy as jnp


class Field(hk.Module):
    def __call__(self, key):
        scale = hk.get_parameter("scale", shape=(), init=jnp.ones)
        return scale * jax.random.normal(key, (3,))


def sample(key):
    return Field()(key)


transformed = hk.transform(sample)


def samples(params, rngs):
    return jax.vmap(lambda rng: transformed.apply(params, rng, rng))(rngs)  # must not be reported (JXP301)


if __name__ == "__main__":
    rngs = jax.random.split(jax.random.PRNGKey(0), 4)
    params = transformed.init(rng=rngs[0], key=rngs[0])
    same = samples(params, rngs)
    fixed = jax.random.PRNGKey(7)
    other = jax.vmap(lambda rng: transformed.apply(params, fixed, rng))(rngs)
    assert jnp.array_equal(same, other)  # the apply rng changes nothing
    print("ok")
