from rt import *
n = "b105_seed_constant_name"; m, _, _ = load(n)
x = jnp.ones(64)
masks = [np.asarray(m.dropout(x + i, 0.5) > 0) for i in range(3)]
same = all((masks[0] == k).all() for k in masks)
verdict(n, same, f"dropout masks identical across 3 calls: {same}")
