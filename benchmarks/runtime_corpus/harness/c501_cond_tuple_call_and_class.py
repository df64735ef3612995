import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c501_cond_tuple_call_and_class"
m, exc, _ = load(N)
try:
    p = m.simulate((jnp.ones(2), jnp.zeros(2)), 10)
    pos, vel = np.ones(2), np.zeros(2)
    for _ in range(10):
        vel = vel + 0.1 * -pos; pos = pos + 0.1 * vel
    a, b = m.ordered_pair(jnp.ones(2) * 3, jnp.ones(2))
    ok = isinstance(p, m.Particle) and np.allclose(p.pos, pos, atol=1e-5) and float(a.sum()) == 2.0
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
