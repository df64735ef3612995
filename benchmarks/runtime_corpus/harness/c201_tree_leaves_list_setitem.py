from rt import *
n = "c201_tree_leaves_list_setitem"; m, _, _ = load(n)
try:
    g = {"a": jnp.ones(2), "b": jnp.ones(3)}
    out = m.freeze_first_layer(g)
    ok = np.allclose(out["a"], 0) and np.allclose(out["b"], 1)
    verdict(n, not ok, f"{out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
