from rt import *
n = "c105_key_from_traced_seed"; m, _, _ = load(n)
out = m.epoch_batches(jnp.ones((4, 3, 3)), 2)
same = bool(jnp.allclose(out[0], out[1]))
verdict(n, same, f"two steps identical: {same}")
