from rt import *
n = "b401_physics_bounce_loop"; m, _, _ = load(n)
e = raises(m.step_particles, jnp.array([0.5, -0.1]), jnp.array([1.0, -1.0]))
verdict(n, e is not None, ename(e))
