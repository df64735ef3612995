from rt import *
n = "c502_copy_then_update"; m, _, _ = load(n)
st = {"params": jnp.ones(2), "step": 0}
new = m.apply_update(st, jnp.ones(2))
verdict(n, not np.isclose(float(new["params"][0]), 0.9) or int(new["step"]) != 1, f"{new}")
