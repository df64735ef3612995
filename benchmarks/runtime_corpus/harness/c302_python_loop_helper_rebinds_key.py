from rt import *
n = "c302_python_loop_helper_rebinds_key"; m, _, _ = load(n, key_reuse=True)
try:
    tr = m.anneal(jax.random.key(0), jnp.zeros(3))
    inc = jnp.diff(jnp.concatenate([jnp.zeros((1, 3)), tr]), axis=0) * jnp.arange(1, 6)[:, None]
    ok = all(not bool(jnp.allclose(inc[i], inc[j])) for i in range(5) for j in range(i + 1, 5))
    verdict(n, not ok, f"normalized increments distinct={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
