from rt import *
n = "b101_while_cond_module_tol"; m, _, _ = load(n)
_, it_loose = m.sqrt2(jnp.float32(10.0))
m.set_tolerance(1e-6)
_, it_tight = m.sqrt2(jnp.float32(10.0))
verdict(n, int(it_tight) <= int(it_loose), f"iterations tol=1e-2: {int(it_loose)}, after set_tolerance(1e-6): {int(it_tight)} (eager while_loop reuses cached cond trace)")
