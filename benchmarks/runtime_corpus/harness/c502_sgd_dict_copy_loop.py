from rt import *
n = "c502_sgd_dict_copy_loop"; m, _, _ = load(n)
p = {"w": jnp.ones(2), "b": jnp.ones(())}
out = m.sgd(p, p, 0.5)
b = m.preprocess({"image": jnp.full((2,), 255.0), "label": jnp.zeros(2)})
ok = float(out["b"]) == 0.5 and float(p["b"]) == 1.0 and float(b["image"][0]) == 1.0
verdict(n, not ok, f"{out} {b}")
