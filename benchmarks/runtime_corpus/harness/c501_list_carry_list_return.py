from rt import *
n = "c501_list_carry_list_return"; m, _, _ = load(n)
e = raises(m.running_stats, jnp.arange(5.0))
verdict(n, e is not None, f"{ename(e)} {None if e else m.running_stats(jnp.arange(5.0))}")
