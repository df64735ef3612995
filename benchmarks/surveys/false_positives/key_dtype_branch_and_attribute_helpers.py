# Seen in jax-ml/coix coix/api.py:247 (JXP301).
# `_maybe_get_along_first_axis(x, idx, n)` takes a trace site, an array or a key array:
# it reads a site's `value` and `log_density` through two helpers of coix/util.py that
# return the attribute (`get_site_value(x)`, `get_site_log_prob(x)`), and, for an array
# whose dtype is a key dtype (`jax.dtypes.issubdtype(x.dtype, jax.dtypes.prng_key)`),
# gathers its key data. Nothing draws from `x`: the helpers read attributes, and a key
# array has none of them. The analysis takes `x` for a key (it reaches
# `jax.random.key_data`) and each helper that reads from it for a use of the key, so the
# second helper reads as a reuse. Reading an attribute of the same object twice draws
# nothing.
# Not taught yet, for want of evidence: in coix the helpers are another module's
# (`util.get_site_value(x)`), unknown callees, and one given a key may draw from it. Taking
# "returns an attribute of its parameter" for "draws nothing" would drop real reuses (a
# `get_rng(state)` returning `state.rng`, drawn from twice by the caller); and reading
# `hasattr(x, "value")` as "x is no key here" is right for a key array but not for a record
# holding keys, which the analysis cannot tell apart from it.
# Checked under jax 0.10.2: `python key_dtype_branch_and_attribute_helpers.py` passes.
import types

import jax
import jax.numpy as jnp
import numpy as np


def get_site_value(site):
    return site.value


def get_site_log_prob(site):
    return site.log_density


def take_along_first_axis(x, idx, n):
    if hasattr(x, "value") and hasattr(x, "log_density"):
        value = take_along_first_axis(get_site_value(x), idx, n)
        log_density = take_along_first_axis(get_site_log_prob(x), idx, n)
        return types.SimpleNamespace(value=value, log_density=log_density)
    if isinstance(x, (np.ndarray, jax.Array)) and x.ndim >= 1 and x.shape[0] == n:
        if jax.dtypes.issubdtype(x.dtype, jax.dtypes.prng_key):
            data = jax.random.key_data(x)
            return jax.random.wrap_key_data(data[idx])
        return x[idx]
    return x


if __name__ == "__main__":
    site = types.SimpleNamespace(value=jnp.arange(4.0), log_density=-jnp.arange(4.0))
    picked = take_along_first_axis(site, jnp.array([3, 1]), 4)
    assert jnp.array_equal(picked.value, jnp.array([3.0, 1.0]))
    assert jnp.array_equal(picked.log_density, jnp.array([-3.0, -1.0]))
    keys = jax.random.split(jax.random.key(0), 4)
    got = take_along_first_axis(keys, jnp.array([2]), 4)
    assert jnp.array_equal(jax.random.key_data(got), jax.random.key_data(keys[2:3]))
    print("ok")
