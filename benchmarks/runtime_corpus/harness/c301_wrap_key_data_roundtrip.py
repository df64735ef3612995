from rt import *
n = "c301_wrap_key_data_roundtrip"; m, _, _ = load(n, key_reuse=True)
try:
    a, b = m.resume_and_sample(jax.random.key(0), 5)
    k1, k2 = jax.random.split(jax.random.key(0))
    ok = bool(jnp.allclose(a, jax.random.normal(k1, (5,)))) and not bool(jnp.allclose(a, b))
    verdict(n, not ok, f"a={a[:2]} b={b[:2]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
