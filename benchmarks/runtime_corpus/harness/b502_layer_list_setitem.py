from rt import *
n = "b502_layer_list_setitem"; m, _, _ = load(n)
ws = [jnp.array([0.1, 1.0]), jnp.array([0.2, 0.3, 2.0])]
out, k = m.prune_model(ws)
zeros = sum(int(jnp.sum(w == 0)) for w in out)
verdict(n, zeros != k, f"jitted count says {k} pruned, weights hold {zeros} zeros")
