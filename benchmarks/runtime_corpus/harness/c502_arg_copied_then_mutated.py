import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c502_arg_copied_then_mutated"
m, exc, _ = load(N)
try:
    st = {"count": jnp.array(0), "grad_sq": {"w": jnp.zeros(2)}}
    g = {"w": jnp.array([1.0, 2.0])}
    s1, met = m.bump_counters(st, g)
    s2, _ = m.bump_counters(s1, g)
    ok = int(s2["count"]) == 2 and np.allclose(s2["grad_sq"]["w"], [2, 8]) and int(st["count"]) == 0 and "grad_sq" in st and sorted(met) == ["count", "norm"]
    verdict(N, not ok, f"count={int(s2['count'])} caller state untouched={int(st['count']) == 0 and 'grad_sq' in st}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
