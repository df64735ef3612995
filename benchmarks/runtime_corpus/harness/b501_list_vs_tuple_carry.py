from rt import *
n = "b501_list_vs_tuple_carry"; m, _, _ = load(n)
e = raises(m.running_stats, jnp.arange(5.0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
