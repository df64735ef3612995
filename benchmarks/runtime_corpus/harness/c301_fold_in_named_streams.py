from rt import *
n = "c301_fold_in_named_streams"; m, _, _ = load(n, key_reuse=True)
try:
    w_, mask, eps = jax.jit(m.sample_all, static_argnums=1)(jax.random.key(0), 16)
    w2, mask2, eps2 = m.sample_all(jax.random.key(0), 16)
    u = jax.random.uniform(jax.random.fold_in(jax.random.key(0), 0), (16,))
    ok = bool(jnp.allclose(w_, w2)) and not bool(jnp.allclose(eps, u))
    verdict(n, not ok, f"w={w_[:3]} eps={eps[:3]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
