from rt import *
n = "b403_cond_branch_float"; m, _, _ = load(n)
e = raises(m.maybe_compress, True, jnp.ones(3))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
