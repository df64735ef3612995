from rt import *
n = "b104_perf_counter"; m, _, _ = load(n)
a = jnp.ones((64, 64))
t1 = float(m.timed_matmul(a, a)[1]); t2 = float(m.timed_matmul(a, a)[1])
verdict(n, t1 == t2, f"elapsed {t1} {t2} (identical => frozen at trace)")
