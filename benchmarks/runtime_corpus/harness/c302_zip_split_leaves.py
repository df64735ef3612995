from rt import *
n = "c302_zip_split_leaves"; m, _, _ = load(n, key_reuse=True)
try:
    p = {"a": jnp.zeros(4), "b": jnp.zeros(4), "c": jnp.zeros(4)}
    q = m.add_param_noise(jax.random.key(0), p)
    ok = not bool(jnp.allclose(q["a"], q["b"])) and not bool(jnp.allclose(q["b"], q["c"]))
    verdict(n, not ok, f"a={q['a'][:2]} b={q['b'][:2]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
