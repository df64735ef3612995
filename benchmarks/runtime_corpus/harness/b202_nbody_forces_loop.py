from rt import *
n = "b202_nbody_forces_loop"; m, _, _ = load(n)
pos = jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]); vel = jnp.zeros((3, 2)); mass = jnp.ones(3)
p2, v2 = m.leapfrog(pos, vel, mass)
verdict(n, bool(jnp.all(v2 == 0)), f"velocities after a step under gravity: {v2.tolist()}")
