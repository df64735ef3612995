# Seen in google-research/sofima flow_field.py:155 (JXP201).
# `masked_xcorr(prev, curr, ..., use_jax=False, dim=2)` runs on NumPy or on JAX:
# `xnp = jnp if use_jax else np`, and each step that differs is an `if use_jax:` (jnp.where)
# / `else:` (an in-place NumPy write, `out[mask] = 0.0`) pair on the same unchanged flag. Its
# only traced caller (`_batched_xcorr`, under the jitted `batched_xcorr_peaks`) passes
# `use_jax=True`, so under the trace the `else` branches never run; called eagerly with the
# default, `out` is the `np.zeros_like` array and the write is NumPy's. The analysis walks
# the function for the traced caller and lets the jnp `out` of the first `if use_jax:` reach
# the `else:` of the next one: a path neither call can take (the flag is the literal True
# under the trace, and one value throughout the function in either run). The item write in
# the NumPy branch is reported as a write into a JAX array.
# (fixtures/surveys/literal_keyword_disables_branch.py taught that a literal keyword disables
# a branch for the rules of traced code; this is the value of an array reaching a branch the
# same literal disables.)
# Checked under jax 0.10.2: `python item_write_in_branch_disabled_by_literal_flag.py` passes.
import jax
import jax.numpy as jnp
import numpy as np


def normalised(x, use_jax: bool = False):
    xnp = jnp if use_jax else np
    scale = xnp.abs(x)
    if use_jax:
        out = jnp.where(scale > 1, x / scale, 0.0)
    else:
        out = np.zeros_like(scale)
        out[scale > 1] = x[scale > 1] / scale[scale > 1]
    threshold = 0.3 * xnp.max(x)
    if use_jax:
        out = jnp.where(x < threshold, 0.0, out)
    else:
        out[x < threshold] = 0.0  # must not be reported (JXP201)
    return out


@jax.jit
def normalised_batch(x):
    return normalised(x, use_jax=True)


if __name__ == "__main__":
    x = np.array([-3.0, 0.5, 2.0, 4.0], dtype=np.float32)
    eager = normalised(x)
    traced = normalised_batch(jnp.asarray(x))
    assert isinstance(eager, np.ndarray)
    np.testing.assert_allclose(eager, np.asarray(traced))
    np.testing.assert_allclose(eager, [0.0, 0.0, 1.0, 1.0])
    print("ok")
