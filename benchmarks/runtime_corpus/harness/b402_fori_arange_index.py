from rt import *
n = "b402_fori_arange_index"; m, _, _ = load(n)
e = raises(m.prefix_sums, jnp.arange(4.0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
