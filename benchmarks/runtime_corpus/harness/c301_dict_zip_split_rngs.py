from rt import *
n = "c301_dict_zip_split_rngs"; m, _, _ = load(n, key_reuse=True)
try:
    out = m.init_and_apply(jax.random.key(0), jnp.ones(3))
    out2 = jax.jit(m.init_and_apply)(jax.random.key(0), jnp.ones(3))
    ks = m.make_rngs(jax.random.key(0))
    d = jax.random.key_data(jnp.stack(list(ks.values())))
    distinct = len({tuple(np.asarray(r).tolist()) for r in d}) == 3
    verdict(n, not (distinct and bool(jnp.allclose(out, out2))), f"distinct={distinct} out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
