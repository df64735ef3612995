from rt import *
n = "c401_tree_structure_checks"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 2)), "scale": jnp.ones(())}
try:
    out = m.merge_updates(p, p)
    ok = bool(jnp.allclose(out["w"], 1.5)) and bool(jnp.allclose(out["scale"], 1.5))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
