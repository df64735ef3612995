import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c101_factory_rebinds_before_jit"
m, exc, _ = load(N)
try:
    lg = jnp.arange(8.0)
    s1 = m.make_sampler(2.0, top_k=3); s0 = m.make_sampler(0.0)
    _, a = s1(jax.random.key(0), lg); _, b = s0(jax.random.key(0), lg)
    _, a2 = s1(jax.random.key(1), lg)
    ok = np.isclose(a[-1], 3.5) and np.isclose(b[-1], 7000.0) and np.isinf(a[4]) and np.isfinite(b[4]) and np.allclose(a, a2)
    verdict(N, not ok, f"top scaled: temp2={float(a[-1])} temp0->{float(b[-1])}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
