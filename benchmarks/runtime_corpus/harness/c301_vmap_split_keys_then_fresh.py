from rt import *
n = "c301_vmap_split_keys_then_fresh"; m, _, _ = load(n, key_reuse=True)
try:
    members, scale = m.init_ensemble(jax.random.key(0), 4, 3, 2)
    ws = members["w"]
    distinct = all(not bool(jnp.allclose(ws[i], ws[j])) for i in range(4) for j in range(i + 1, 4))
    verdict(n, not (distinct and scale.shape == (4,)), f"distinct={distinct} scale={scale}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
