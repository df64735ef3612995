from rt import *
n = "c301_helper_returns_rebound_key"; m, _, _ = load(n, key_reuse=True)
try:
    w = jnp.eye(4)
    k, y = m.forward(jax.random.key(0), w, w, jnp.ones(4))
    k2, y2 = m.forward(k, w, w, jnp.ones(4))
    ok = not bool(jnp.allclose(y, y2))
    verdict(n, not ok, f"y={y} y2={y2}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
