from rt import *
n = "b105_langevin_scan_body_key"; m, _, _ = load(n)
x0 = jnp.zeros(3)
_, traj = m.langevin_sample(x0, 0.1)
_, traj2 = m.langevin_sample(x0 + 1.0, 0.1)
# with x0 = 0 and grad = -x, the first two noise draws are recoverable: x1 = c*n1; x2 = 0.9*x1 + c*n2
c = jnp.sqrt(0.2)
n1 = traj[0] / c; n2 = (traj[1] - 0.9 * traj[0]) / c
same = bool(jnp.allclose(n1, n2, atol=1e-5))
verdict(n, same, f"noise at step 1 == noise at step 2: {same}")
