import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_callable_schedule_closure"
m, exc, _ = load(N)
try:
    p = {"w": jnp.ones(3)}; g = {"w": jnp.full(3, 2.0)}
    s1 = m.make_sgd_step(0.1, clip=1.0)
    p1, c1 = s1(p, g, jnp.array(0))
    s2 = m.make_sgd_step(m.cosine_schedule(0.1, 10))
    p2, c2 = s2(p, g, jnp.array(5))
    p3, _ = s2(p, g, jnp.array(0))
    ok = np.allclose(p1["w"], 0.9) and np.allclose(p2["w"], 1 - 0.05 * 2) and np.allclose(p3["w"], 1 - 0.2) and int(c2) == 6
    verdict(N, not ok, f"match={ok} {p1['w'][0]} {p2['w'][0]} {p3['w'][0]}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
