from rt import *
n = "b202_jit_set"; m, _, _ = load(n)
t = jnp.array([7, 5, 5])
out = m.add_bos(t, 1)
verdict(n, bool(jnp.all(out == t)), f"unchanged: {out}")
