from rt import *
n = "c102_vmap_nonlocal_counter"; m, _, _ = load(n)
c = [m.count_calls_per_batch(jnp.ones((k, 2)))[1] for k in (3, 3, 5)]
verdict(n, c != [1, 1, 1], f"calls per invocation={c} (fresh each call, never stale)")
