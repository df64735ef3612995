from rt import *
n = "b602_str_split_static"; m, _, _ = load(n)
e = raises(m.run_from_flag, jnp.ones(10))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
