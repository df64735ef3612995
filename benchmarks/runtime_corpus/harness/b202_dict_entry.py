from rt import *
n = "b202_dict_entry"; m, _, _ = load(n)
out = m.zero_bias({"bias": jnp.ones(3), "w": jnp.ones(3)})
verdict(n, float(out["bias"].sum()) == 3.0, f"bias={out['bias']}")
