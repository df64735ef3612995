# Must not report (JXP104). Seen in patrick-kidger/diffrax diffrax/_integrate.py:1052 (5ea5fcb050):
# a warning with constant text under `any(jnp.iscomplexobj(leaf) for leaf in tree_leaves(...))`.
# A dtype test is static, so the warning is a trace-time message about the inputs' types, as
# intended; the static-test exemption does not see through the generator over the tree's leaves.
# Checked: `python static_warning_dtype_test_over_leaves.py` under jax 0.10.2 (jit traces, warns
# once for complex input, not at all for real input).
import warnings

import jax
import jax.numpy as jnp


@jax.jit
def solve(y0, args):
    if any(jnp.iscomplexobj(leaf) for leaf in jax.tree_util.tree_leaves((y0, args))):
        warnings.warn("Complex dtype support is a work in progress.", stacklevel=2)
    return y0 * 2


if __name__ == "__main__":
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        solve(jnp.ones(2), 1.0)
        assert not caught
        solve(jnp.ones(2, jnp.complex64), 1.0)
        assert len(caught) == 1
