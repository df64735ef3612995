from rt import *
n = "b103_module_profiler_tick"; m, _, _ = load(n)
for _ in range(4):
    m.forward(jnp.eye(2), jnp.ones(2))
r = m.profiler.report()
verdict(n, r.get("forward") != 4, f"profiler counts={r} after 4 calls")
