from rt import *
import warnings
n = "c104_warn_static_shape"; m, _, _ = load(n)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    for _ in range(3):
        m.attention(jnp.ones((2, 6)), jnp.ones((2, 6)), jnp.ones((2, 6)))
    n_bad = len(w)
    for _ in range(3):
        m.attention(jnp.ones((2, 8)), jnp.ones((2, 8)), jnp.ones((2, 8)))
    n_total = len(w)
# the warning is about a static property: once per compiled shape is complete information
verdict(n, not (n_bad == 1 and n_total == 1), f"warnings for dim 6: {n_bad}, after dim 8 calls: {n_total}")
