from rt import *
n = "b501_chex_physics_scan"; m, _, _ = load(n)
e = raises(m.simulate, m.Particle(pos=jnp.ones(2), vel=jnp.zeros(2)), 5)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
