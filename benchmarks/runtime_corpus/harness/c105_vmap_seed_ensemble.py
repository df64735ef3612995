from rt import *
n = "c105_vmap_seed_ensemble"; m, e, _ = load(n, key_reuse=True)
w = m.ensemble["w"]
distinct = len({float(w[i, 0, 0]) for i in range(4)})
verdict(n, e is not None or distinct != 4, f"{ename(e)} distinct members={distinct}")
