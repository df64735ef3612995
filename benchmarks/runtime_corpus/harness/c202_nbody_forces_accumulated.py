from rt import *
n = "c202_nbody_forces_accumulated"; m, _, _ = load(n)
pos = jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
_, v2 = m.leapfrog(pos, jnp.zeros((3, 2)), jnp.ones(3))
verdict(n, bool(jnp.all(v2 == 0)), f"v={v2.tolist()}")
