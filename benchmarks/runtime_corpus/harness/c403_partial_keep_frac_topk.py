from rt import *
n = "c403_partial_keep_frac_topk"; m, _, _ = load(n)
e = raises(m.prune_half, jnp.arange(8.0))
out = m.prune_half(jnp.arange(8.0))
verdict(n, e is not None or float(out) != 22.0, f"{ename(e)} {float(out)}")
