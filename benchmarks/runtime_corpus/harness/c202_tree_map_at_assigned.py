from rt import *
n = "c202_tree_map_at_assigned"; m, _, _ = load(n)
p = {"a": jnp.ones((2, 2)), "b": jnp.ones(3)}
out = m.sgd_step(p, p, 0.5)
ok = float(out["a"][0, 0]) == 0.0 and float(out["b"][0]) == 0.0 and float(out["b"][1]) == 0.5
loo = m.leave_one_out_sums(jnp.arange(3.0))
ok = ok and bool(jnp.allclose(loo, jnp.array([3.0, 2.0, 1.0])))
verdict(n, not ok, f"{out} {loo}")
