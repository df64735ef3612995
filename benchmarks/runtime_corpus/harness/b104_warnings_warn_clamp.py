from rt import *
import warnings
n = "b104_warnings_warn_clamp"; m, _, _ = load(n)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for i in range(3):
        m.stable_log_prob(jnp.array([0.5, 0.0]) + i)
k = sum("clamping" in str(x.message) for x in w)
verdict(n, k != 3, f"{k} warnings for 3 calls")
