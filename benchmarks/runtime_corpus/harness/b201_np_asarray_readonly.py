from rt import *
n = "b201_np_asarray_readonly"; m, _, _ = load(n)
s = m.env_step(jnp.ones(3), jnp.ones(3))
e = raises(m.observe, s)
verdict(n, e is not None, f"{ename(e)}: {e}")
