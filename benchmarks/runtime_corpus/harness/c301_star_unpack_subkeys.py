from rt import *
n = "c301_star_unpack_subkeys"; m, _, _ = load(n, key_reuse=True)
try:
    params, hb = m.init_mlp(jax.random.key(0), [4, 4, 4, 3])
    ok = [p.shape for p in params] == [(4, 4), (4, 4), (4, 3)] and not bool(jnp.allclose(params[0], params[1]))
    verdict(n, not ok, f"shapes={[p.shape for p in params]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
