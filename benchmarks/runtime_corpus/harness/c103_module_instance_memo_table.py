from rt import *
n = "c103_module_instance_memo_table"; m, _, _ = load(n)
ok = True
for L in [4, 6, 4, 6]:
    out = m.embed(jnp.zeros((L, 8)))
    ref = m.SinusoidalTable(8).get(L)
    ok &= np.allclose(out, ref, atol=1e-6)
verdict(n, not ok, f"ok={ok}; cached tables={sorted(m.positions._tables)} (trace-time memo keyed by static length)")
