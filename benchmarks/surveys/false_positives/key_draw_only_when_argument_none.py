# Seen in google-research/big_vision big_vision/models/proj/givt/parallel_decode.py:282
# (JXP301). `_assert_single_component_get_loc_scale(pdf, rng=None, mixture=None)` draws a
# mixture component from `rng` only when `mixture is None`, and returns the mixture it
# used. `CFGDensity.__init__` calls it for the conditional density with `rng`, then for the
# unconditional one with the same `rng` and `mixture=` the first result: the second call
# draws only if the first returned None, which happens only on the branch that drew nothing.
# Checked under jax 0.10.2: `python key_draw_only_when_argument_none.py` passes.
import jax
import jax.numpy as jnp


def loc_scale(params, rng=None, mixture=None):
    loc, scale = params
    if loc.shape[-1] > 1:
        if mixture is None:
            choice = jax.random.categorical(rng, jnp.zeros(loc.shape))
            mixture = jax.nn.one_hot(choice, loc.shape[-1])
        return (loc * mixture).sum(-1), (scale * mixture).sum(-1), mixture
    return loc[..., 0], scale[..., 0], None


@jax.jit
def cfg_params(cond, uncond, rng):
    loc_c, scale_c, mixture = loc_scale(cond, rng)
    # the same component for both densities: rng is not drawn from again
    loc_u, scale_u, _ = loc_scale(uncond, rng, mixture=mixture)
    return loc_c - loc_u, jnp.maximum(scale_c, scale_u)


cond = (jnp.arange(6.0).reshape(2, 3), jnp.ones((2, 3)))
uncond = (jnp.arange(6.0).reshape(2, 3) + 1.0, jnp.ones((2, 3)))
diff, scale = cfg_params(cond, uncond, jax.random.key(0))
assert jnp.allclose(diff, -1.0) and scale.shape == (2,)
