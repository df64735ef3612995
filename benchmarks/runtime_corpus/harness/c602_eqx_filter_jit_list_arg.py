from rt import *
n = "c602_eqx_filter_jit_list_arg"; m, _, _ = load(n)
try:
    x = jnp.arange(16.0).reshape(8, 2); x2 = x + 1
    tc = TraceCounter()
    with tc:
        a = m.features(x); b = m.features(x2)
    ref = jnp.concatenate([x, x.reshape(4, 2, 2).max(1), x.reshape(2, 4, 2).max(1)])
    verdict(n, not bool(jnp.allclose(a, ref)) or tc.n > 1, f"shape {a.shape}, compilations {tc.n}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
