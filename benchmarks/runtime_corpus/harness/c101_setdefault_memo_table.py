from rt import *
n = "c101_setdefault_memo_table"; m, _, _ = load(n)
a = m.encode(jnp.ones(4)); b = m.encode(jnp.ones(8)); c = m.encode(jnp.ones(4))
ref4 = np.exp(-np.arange(4) / 4)
verdict(n, not (np.allclose(a, ref4) and np.allclose(c, ref4) and np.allclose(b, np.exp(-np.arange(8) / 8))), "")
