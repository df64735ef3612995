from rt import *
n = "c302_while_loop_rejection_carry"; m, _, _ = load(n, key_reuse=True)
try:
    xs, ns = zip(*[m.sample_truncated(jax.random.key(i), 1.0) for i in range(20)])
    ok = all(float(x) >= 1.0 for x in xs) and len({int(k) for k in ns}) > 1
    verdict(n, not ok, f"ns={[int(k) for k in ns][:8]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
