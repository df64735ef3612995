from rt import *
n = "c302_tree_map_partial_permutation"; m, _, _ = load(n)
N = 8
ds = {"x": jnp.arange(N) * 1.0, "y": jnp.arange(N) * 3.0}
bs = m.epoch_batches(jax.random.PRNGKey(0), ds, 4)
ok = all(np.allclose(b["y"], 3 * b["x"]) for b in bs) and not np.allclose(bs[0]["x"], np.arange(4))
verdict(n, not ok, f"x/y pairs kept aligned: {ok}")
