from rt import *
n = "c402_python_loop_arange"; m, _, _ = load(n)
e = raises(m.prefix_sums, jnp.arange(4.0))
verdict(n, e is not None, f"{ename(e)} {None if e else m.prefix_sums(jnp.arange(4.0))}")
