from rt import *
n = "c402_segment_sum_static_num_graphs"; m, _, _ = load(n)
try:
    batch = {"x": jnp.ones((5, 2)), "graph": jnp.array([0, 0, 1, 1, 1]), "deg": jnp.array([1, 2, 2, 3, 1]), "n_graph": 2}
    pooled, hist, c = m.readout(batch)
    ok = pooled.shape == (2, 2) and hist.shape == (8,) and c.tolist() == [2, 3]
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
