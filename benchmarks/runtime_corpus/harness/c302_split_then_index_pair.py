from rt import *
n = "c302_split_then_index_pair"; m, _, _ = load(n, key_reuse=True)
try:
    xs = m.rollout(jax.random.key(0), jnp.zeros(3), 4)
    inc = xs[1:] - 0.9 * xs[:-1]
    ok = not np.allclose(inc[0], inc[1]) and not np.allclose(inc[1], inc[2])
    verdict(n, not ok, f"inc={inc[:, 0]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
