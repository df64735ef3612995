from rt import *
n = "c103_lru_cache_mask_helper"; m, _, _ = load(n)
outs = [m.masked_attention(jnp.ones((t, 2)), jnp.ones((t, 2))) for t in (3, 4, 3)]
ok = all(abs(float(o[0, 0]) - 1.0) < 1e-6 for o in outs) and abs(float(outs[1][1, 0]) - 0.5) < 1e-6
verdict(n, not ok, f"causal rows correct for every length: {ok}")
