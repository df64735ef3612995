from rt import *
n = "b202_scan_sampler_trajectory"; m, _, _ = load(n)
x0, traj = m.sample(jnp.ones(2), 5)
verdict(n, float(jnp.abs(traj).sum()) == 0.0, f"x0={x0} trajectory sum={float(jnp.abs(traj).sum())}")
