from rt import *
n = "c402_meta_field_num_heads_reshape"; m, _, _ = load(n)
try:
    p = m.Attn(wq=jnp.eye(8), num_heads=2)
    q = m.split_heads(p, jnp.ones((1, 3, 8)))
    ok = q.shape == (1, 3, 2, 4) and np.allclose(q, 0.5)
    verdict(n, not ok, f"shape={q.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
